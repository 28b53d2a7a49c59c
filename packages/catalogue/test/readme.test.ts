// Runs every ```ts block of README.md as written, with '@x/catalogue' pointed at the source.
import { fileURLToPath } from 'node:url';
import { describeReadmeExamples } from '../../../tools/test-support/readme-examples.ts';

describeReadmeExamples({ packageDir: fileURLToPath(new URL('..', import.meta.url)), sources: { '@x/catalogue': '../../src/index.ts' } });
