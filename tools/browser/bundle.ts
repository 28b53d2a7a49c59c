// Bundles a browser test entry (and what it imports: a package's built dist or its sources) into
// one ES module with esbuild, for the page of a browser test. Fails on anything esbuild cannot
// resolve for the browser, e.g. a `node:` import.
import { build } from 'esbuild';

export async function bundleForBrowser(entry: string): Promise<string> {
  const result = await build({
    entryPoints: [entry],
    bundle: true,
    platform: 'browser',
    format: 'esm',
    target: 'es2022',
    write: false,
    logLevel: 'silent',
  });
  const [output] = result.outputFiles;
  if (!output) throw new Error(`esbuild produced no output for ${entry}`);
  return output.text;
}
