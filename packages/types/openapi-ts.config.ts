// Generates src/gen/ (git-ignored) from the bundled spec: types only, no runtime code.
// The fetch client generates its sdk with the same typescript-plugin options and then points
// its types file at this package, so the two always agree (see packages/fetch-client).
import { defineConfig } from '@hey-api/openapi-ts';

export default defineConfig({
  input: '../../spec/dist/openapi.json',
  output: {
    path: 'src/gen',
    module: { extension: '.js' },
    entryFile: false,
  },
  logs: { file: false },
  plugins: [
    {
      name: '@hey-api/typescript',
      // Enums stay string/number unions: no runtime objects. Comments (descriptions and
      // `@deprecated`) are on by default and kept.
      enums: false,
      topType: 'unknown',
      // Per-operation aliases of the success and error body unions. The defaults
      // (`{{name}}Response`, `{{name}}Error`) collide with schema names such as
      // `SwapExecuteResponse`, which would give suffixed names (`...Response2`).
      responses: { response: '{{name}}ResponseBody' },
      errors: { error: '{{name}}ErrorBody' },
    },
  ],
});
