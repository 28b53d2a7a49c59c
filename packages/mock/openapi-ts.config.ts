import { defineConfig } from '@hey-api/openapi-ts';

// Types and MSW handler factories generated from the bundled spec (copied to src/gen/openapi.json
// by tools/copy-spec.ts). The named examples become typed fixtures in a second step
// (tools/gen-fixtures.ts), because hey-api's msw plugin only reads schema-level examples and would
// otherwise answer 501. `clean: false` keeps openapi.json and fixtures.gen.ts in the same folder.
export default defineConfig({
  input: './src/gen/openapi.json',
  output: {
    path: './src/gen',
    clean: false,
    entryFile: false,
    module: { extension: '.js' },
  },
  plugins: ['@hey-api/typescript', { name: 'msw', baseUrl: '*' }],
});
