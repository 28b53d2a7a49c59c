// Bundles a browser test entry (and what it imports: a package's built dist or its sources) into
// one ES module with esbuild, for the page of a browser test. Fails on anything esbuild cannot
// resolve for the browser, e.g. a `node:` import.
import { build, type Plugin } from 'esbuild';

export async function bundleForBrowser(entry: string, plugins: readonly Plugin[] = []): Promise<string> {
  const result = await build({
    entryPoints: [entry],
    bundle: true,
    platform: 'browser',
    format: 'esm',
    target: 'es2022',
    write: false,
    logLevel: 'silent',
    plugins: [...plugins],
  });
  const [output] = result.outputFiles;
  if (!output) throw new Error(`esbuild produced no output for ${entry}`);
  return output.text;
}
