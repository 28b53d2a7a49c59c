// @vitest-environment happy-dom
// Runs every ```ts block of README.md as written (React renders into a happy-dom document), with
// '@x/react-query' pointed at the source.
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describeReadmeExamples } from '../../../tools/test-support/readme-examples.ts';

describeReadmeExamples({
  packageDir: join(dirname(fileURLToPath(import.meta.url)), '..'),
  sources: { '@x/react-query': '../../src/index.ts' },
  atLeast: 4,
});
