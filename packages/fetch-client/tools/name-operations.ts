// Generation step over the generated sdk (src/gen/sdk.gen.ts):
// - every function names its operation to the transport (`operationId: 'swapGetOrder'`), so the
//   standalone functions of `@x/fetch-client/sdk` give logs and hooks the same operation id as
//   `createClient()`'s methods;
// - `security` keeps only the bearer scheme: the transport sends the API key on every request and
//   reads `security` only to know whether a call needs a bearer token (as `createClient()`'s
//   methods pass it), so the key's entry would be bytes in every bundle that nothing reads.
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const file = fileURLToPath(new URL('../src/gen/sdk.gen.ts', import.meta.url));
const source = readFileSync(file, 'utf8');
let named = 0;
const out = source.replace(/^(export const (\w+) = .*options\.client\.\w+<[^>]*>\(\{\n)(?!\s+operationId)/gm, (_, head, id) => {
  named++;
  return `${head}    operationId: '${id}',\n`;
});
const functions = [...source.matchAll(/^export const \w+ = /gm)].length;
const apiKeyEntry = /\{ name: 'x-api-key', type: 'apiKey' \}(, )?/g;
const trimmed = out
  .replace(/^ {4}security: \[\{ name: 'x-api-key', type: 'apiKey' \}\],\n/gm, '')
  .replace(/^( {4}security: \[.*)$/gm, (line) => line.replace(apiKeyEntry, ''));
if (/security: \[[^\]]*apiKey/.test(trimmed)) throw new Error('name-operations: an API-key security entry is left in sdk.gen.ts');
if (named === 0 && !source.includes("operationId: '")) throw new Error('name-operations: no sdk function found in sdk.gen.ts');
if (named !== 0 && named !== functions) throw new Error(`name-operations: named ${named} of ${functions} sdk functions`);
writeFileSync(file, trimmed);
console.log(`sdk functions named: ${named || 'already'}`);
