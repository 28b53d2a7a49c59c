// Runs the ```ts blocks of the README's MSW section as written, with '@x/mock' and '@x/mock/msw'
// pointed at the sources, and checks what each prints (the shared README-example runner).
import { fileURLToPath } from 'node:url';
import { describeReadmeExamples } from '../../../../tools/test-support/readme-examples.ts';

describeReadmeExamples({
  packageDir: fileURLToPath(new URL('../..', import.meta.url)),
  section: '## 3. MSW',
  atLeast: 2,
  sources: { '@x/mock/msw': '../../src/msw/index.ts', '@x/mock': '../../src/index.ts' },
});
