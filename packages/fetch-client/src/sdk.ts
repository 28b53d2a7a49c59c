// @x/fetch-client/sdk: the generated standalone functions (one per operation, tree-shakeable) and
// the transport they call. `createClient()` is the same functions bound to one transport.
//
//   const transport = createTransport({ baseUrl, apiKey });
//   const { data } = await swapGetOrder({ client: transport, query: { inputMint, outputMint, amount } });
export * from './gen/sdk.gen.js';
export { createTransport } from './lib/transport.js';
