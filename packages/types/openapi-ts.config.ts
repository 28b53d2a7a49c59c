// Generates src/gen/ (git-ignored) from the bundled spec: types only, no runtime code.
// The fetch client generates its sdk with the same typescript-plugin options and then points
// its types file at this package, so the two always agree (see packages/fetch-client).
import { defineConfig } from '@hey-api/openapi-ts';

/** Input and output shared with the fetch client's generation. */
export const generation = {
  input: '../../spec/dist/openapi.json',
  output: {
    path: 'src/gen',
    module: { extension: '.js' as const },
    entryFile: false,
  },
  logs: { file: false },
};

/** The typescript-plugin options; the fetch client uses these same options. */
export const typescriptPlugin = {
  name: '@hey-api/typescript' as const,
  // Enums stay string/number unions: no runtime objects. Comments (descriptions and
  // `@deprecated`) are on by default and kept.
  enums: false as const,
  topType: 'unknown' as const,
  // Per-operation aliases of the success and error body unions. The defaults
  // (`{{name}}Response`, `{{name}}Error`) collide with schema names such as
  // `SwapExecuteResponse`, which would give suffixed names (`...Response2`).
  responses: { response: '{{name}}ResponseBody' },
  errors: { error: '{{name}}ErrorBody' },
};

export default defineConfig({
  ...generation,
  plugins: [typescriptPlugin],
});
