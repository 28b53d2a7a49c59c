// Runs every ```ts block of README.md as written, with '@x/signing' and '@x/signing/flows' pointed
// at the sources (blocks that start with `// needs:` depend on a running server and are not run).
import { fileURLToPath } from 'node:url';
import { describeReadmeExamples } from '../../../tools/test-support/readme-examples.ts';

describeReadmeExamples({
  packageDir: fileURLToPath(new URL('..', import.meta.url)),
  sources: { '@x/signing/flows': '../../src/flows/index.js', '@x/signing': '../../src/index.js' },
  atLeast: 5,
});
