// Bundle size, minified and gzipped with esbuild: one operation plus the runtime, the whole
// client (all operations and the paged lists), and openapi-fetch making the same call.
import { gzipSync } from 'node:zlib';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const dist = fileURLToPath(new URL('../dist/', import.meta.url));

const entries: Record<string, string> = {
  'one operation + runtime (@x/fetch-client/sdk)': `
    import { createTransport, swapGetOrder } from '${dist}sdk.js';
    const client = createTransport({ baseUrl: 'http://localhost:4010', apiKey: 'k' });
    export const run = () => swapGetOrder({ client, query: { inputMint: 'a', outputMint: 'b', amount: '1' } });`,
  'whole client, every operation (@x/fetch-client)': `
    import { createClient } from '${dist}index.js';
    export const x = createClient({ baseUrl: 'http://localhost:4010', apiKey: 'k' });`,
  'waiters (@x/fetch-client/waiters), one waiter': `
    import { waitForTriggerV2Order } from '${dist}waiters.js';
    export { waitForTriggerV2Order };`,
  'validators (@x/fetch-client/validate, with valibot)': `
    export { responseValidator } from '${dist}validate.js';`,
  'openapi-fetch, the same call': `
    import createClient from 'openapi-fetch';
    const client = createClient({ baseUrl: 'http://localhost:4010', headers: { 'x-api-key': 'k' } });
    export const run = () => client.GET('/swap/v2/order', { params: { query: { inputMint: 'a', outputMint: 'b', amount: '1' } } });`,
};

export interface BundleSize {
  name: string;
  minified: number;
  gzipped: number;
  /** Whether the waiters' or the OpenTelemetry example's code is in the bundle (it must not be unless used). */
  hasUnused: boolean;
}

export async function measureBundles(): Promise<BundleSize[]> {
  const results: BundleSize[] = [];
  for (const [name, contents] of Object.entries(entries)) {
    const out = await build({
      stdin: { contents, resolveDir: fileURLToPath(new URL('.', import.meta.url)), loader: 'js' },
      bundle: true,
      minify: true,
      format: 'esm',
      platform: 'neutral',
      mainFields: ['module', 'main'],
      write: false,
      logLevel: 'silent',
    });
    const code = out.outputFiles[0]!.contents;
    const text = new TextDecoder().decode(code);
    results.push({
      name,
      minified: code.length,
      gzipped: gzipSync(code, { level: 9 }).length,
      hasUnused: /WaitTimeoutError|startSpan|opentelemetry/.test(text),
    });
  }
  return results;
}
