import { createRequire } from 'node:module';
import { defineConfig } from '@hey-api/openapi-ts';
import { typescriptPlugin } from '../types/openapi-ts.config.ts';

// MSW handler factories generated from the bundled spec (@x/openapi/openapi.json). hey-api's msw
// plugin needs its typescript plugin in the same run; it runs with @x/types' options, and
// tools/use-types-package.ts then deletes the types file it wrote and points msw.gen.ts at
// @x/types, so the types exist once. The named examples become typed
// fixtures in a last step (tools/gen-fixtures.ts), because hey-api's msw plugin only reads
// schema-level examples and would otherwise answer 501. `clean: false` keeps docs.html in the same
// folder.
export default defineConfig({
  input: createRequire(import.meta.url).resolve('@x/openapi/openapi.json'),
  output: {
    path: './src/gen',
    clean: false,
    entryFile: false,
    module: { extension: '.js' },
  },
  logs: { file: false },
  plugins: [typescriptPlugin, { name: 'msw', baseUrl: '*' }],
});
