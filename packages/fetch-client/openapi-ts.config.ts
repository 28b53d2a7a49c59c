// Generates src/gen/ (git-ignored) from the bundled spec:
// - sdk.gen.ts: one function per operation (@hey-api/sdk), calling the client it is given;
// - client/: the client plugin. Its runtime is ours (src/lib/), small enough for the bundle
//   budget; hey-api copies the one-file shim src/lib/sdk-client/ into client/, whose types the sdk
//   imports. No default client is written: every sdk function requires its `client`;
// - types.gen.ts: replaced after generation by a re-export of @x/types (tools/use-types-package.ts),
//   so the types exist once. The typescript-plugin options are imported from packages/types;
// - valibot.gen.ts: response validators for the opt-in `@x/fetch-client/validate` entry.
// tools/generate-operation-tables.ts then adds what hey-api does not emit (retry policy, error
// code tables, the operation map).
import { fileURLToPath } from 'node:url';
import {
  type Client,
  type DefinePlugin,
  clientDefaultConfig,
  clientDefaultMeta,
  defineConfig,
  definePluginConfig,
} from '@hey-api/openapi-ts';
import { generation, typescriptPlugin } from '../types/openapi-ts.config.ts';

/** A client plugin is named by its module; an absolute path makes hey-api copy that folder. */
const clientModule = fileURLToPath(new URL('./src/lib/sdk-client/index.ts', import.meta.url));

type RuntimeClientConfig = Client.Config & { name: string; throwOnError?: boolean };
type RuntimeClientPlugin = DefinePlugin<RuntimeClientConfig, RuntimeClientConfig>;

const clientPlugin = definePluginConfig<RuntimeClientPlugin['Types']>({
  ...clientDefaultMeta,
  config: {
    ...clientDefaultConfig,
    baseUrl: false,
    bundle: true,
    // The sdk's `ThrowOnError` defaults to true: calls throw typed errors unless told otherwise.
    throwOnError: true,
  },
  // No default client: hey-api's handler would write one (client.gen.ts) for sdk functions called
  // without `client`; ours require it (the sdk plugin's `client: false`). The plugin is kept for its
  // folder, which hey-api copies and the sdk imports its types from.
  handler: () => {},
  name: clientModule,
  symbolMeta: () => ({ artifact: 'client' }),
});

export default defineConfig({
  ...generation,
  plugins: [
    // The same options as @x/types, whose types replace this plugin's output (see above).
    typescriptPlugin,
    // The sdk takes its client types from the plugin tagged `client`, ours. `client: false`: every sdk function requires its `client` (a compile-time error without one).
    { name: '@hey-api/sdk', client: false, operations: 'flat', paramsStructure: 'grouped' },
    clientPlugin(),
    {
      name: 'valibot',
      responses: { name: 'v{{name}}ResponseBody' },
      $resolvers: {
        // An array whose items are `anyOf` several schemas (an event's `markets`: full markets or
        // id-only references) comes out of the plugin as `v.array(v.unknown())`, which checks no
        // item. Written here as `v.array(v.union([...]))` with the array's length checks kept.
        array(ctx) {
          const { items, logicalOperator } = ctx.schema;
          if (!items || items.length < 2 || logicalOperator === 'and') return undefined;
          const { v } = ctx.plugin.imports;
          const options = items.map((item, i) => {
            const path = { '~ref': [...(ctx.path['~ref'] ?? []), 'items', i] };
            return ctx.pipes.toNode(ctx.applyModifiers(ctx.walk(item, { path, plugin: ctx.plugin })).pipes, ctx.plugin);
          });
          const union = ctx
            .$(v)
            .attr('union')
            .call(ctx.$.array(...options));
          ctx.pipes.push(ctx.pipes.current, ctx.$(v).attr('array').call(union));
          const lengths = [ctx.nodes.length(ctx)].filter(Boolean);
          if (!lengths.length) lengths.push(ctx.nodes.minLength(ctx), ctx.nodes.maxLength(ctx));
          for (const node of lengths) if (node) ctx.pipes.push(ctx.pipes.current, node);
          return ctx.pipes.current;
        },
      },
    },
  ],
});
