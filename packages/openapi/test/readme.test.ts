// Runs every ```ts block of README.md as written, with '@x/openapi/reader' pointed at the source.
import { fileURLToPath } from 'node:url';
import { describeReadmeExamples } from '../../../tools/test-support/readme-examples.ts';

describeReadmeExamples({
  packageDir: fileURLToPath(new URL('..', import.meta.url)),
  sources: { '@x/openapi/reader': '../../src/reader.ts' },
});
