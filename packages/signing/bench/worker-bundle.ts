// Bundle size (esbuild, minified, gzip -9, as @x/fetch-client's bundle-size bench) of a worker that
// signs and executes one swap: with @x/signing + @x/fetch-client (bench/worker/x-packages.mjs)
// against the same program with @solana/kit alone (bench/worker/kit-alone.mjs), and, to split the
// difference, @x/signing on kit-alone.mjs's hand-written fetch calls
// (bench/worker/x-signing-fetch-by-hand.mjs). Bundled for a worker with the browser conditions
// (`worker`, `browser`; kit's `workerd` condition is its Node build) and `process.env.NODE_ENV`
// defined as `production`, as production builds do. Each bundle is then run once against the
// simulator, and must land its swap, so that the programs are known to do the same job.
import { gzipSync } from 'node:zlib';
import { fileURLToPath } from 'node:url';
import { createSimulator } from '@x/mock';
import { listen } from '@x/mock/node';
import { build } from 'esbuild';
import { newSecretKey } from './secret-key.ts';

export const WORKER_BUNDLE_CONDITIONS = ['worker', 'browser'];
/**
 * As a production build defines it. kit's `SolanaError` then skips its message formatter, but its
 * table of messages (34 kB minified) stays in an esbuild bundle all the same (its keys are computed
 * from module-level `var`s, which esbuild does not prove free of side effects): it is most of the
 * kit-alone bundle. @x/signing runs no kit code, so the table is not in its bundles.
 */
export const WORKER_BUNDLE_DEFINE = { 'process.env.NODE_ENV': '"production"' };

const programs = {
  '@x/signing + @x/fetch-client': 'x-packages.mjs',
  '@solana/kit alone': 'kit-alone.mjs',
  '@x/signing, fetch by hand': 'x-signing-fetch-by-hand.mjs',
} as const;

export interface WorkerBundle {
  name: keyof typeof programs;
  minified: number;
  gzipped: number;
  /** What the bundle's swap answered against the simulator (`Success 0` when it landed). */
  ran: string;
}

async function bundle(file: string): Promise<Uint8Array> {
  const out = await build({
    entryPoints: [fileURLToPath(new URL(`./worker/${file}`, import.meta.url))],
    bundle: true,
    minify: true,
    format: 'esm',
    platform: 'neutral',
    conditions: WORKER_BUNDLE_CONDITIONS,
    define: WORKER_BUNDLE_DEFINE,
    mainFields: ['module', 'main'],
    write: false,
    logLevel: 'silent',
  });
  return out.outputFiles[0]!.contents;
}

export async function measureWorkerBundles(): Promise<WorkerBundle[]> {
  // kit's browser build refuses to sign outside a secure context; the bundles run here as on a
  // page of a secure origin (a worker defines no `isSecureContext`: see the README's runtimes).
  const secure = Object.getOwnPropertyDescriptor(globalThis, 'isSecureContext');
  Object.defineProperty(globalThis, 'isSecureContext', { value: true, configurable: true });
  const server = await listen(createSimulator({ now: Date.now() }), { port: 0 });
  try {
    const results: WorkerBundle[] = [];
    for (const [name, file] of Object.entries(programs) as [keyof typeof programs, string][]) {
      const code = await bundle(file);
      const worker = (await import(`data:text/javascript;base64,${Buffer.from(code).toString('base64')}`)) as {
        default: { fetch(request: Request, env: Record<string, string>): Promise<Response> };
      };
      const env = {
        API_URL: server.url,
        API_KEY: 'bench-key',
        SECRET_KEY: Buffer.from((await newSecretKey()).secretKey).toString('base64'),
        INPUT_MINT: 'D6gqDYHvpEparhs6TGfnXKtNEzVe48aLfmB6bKNjdKsD',
        OUTPUT_MINT: '7gQqK6wWf1gAc7f2R4oQ18Q4m6Vazr1umgktSGsnJZny',
        AMOUNT: '40000000',
      };
      const ran = await worker.default
        .fetch(new Request('http://worker/'), env)
        .then(async (response) => {
          const body = (await response.json()) as { status?: string; code?: number };
          return `${body.status} ${body.code}`;
        })
        .catch((error: Error) => `failed: ${error.message}`);
      results.push({ name, minified: code.length, gzipped: gzipSync(code, { level: 9 }).length, ran });
    }
    return results;
  } finally {
    await server.close();
    if (secure) Object.defineProperty(globalThis, 'isSecureContext', secure);
    else delete (globalThis as { isSecureContext?: boolean }).isSecureContext;
  }
}

if (import.meta.url === `file://${process.argv[1]}`) console.log(await measureWorkerBundles());
