// Generation step: every function of the generated sdk (src/gen/sdk.gen.ts) names its operation
// to the transport (`operationId: 'swapGetOrder'`), so the standalone functions of
// `@x/fetch-client/sdk` give logs and hooks the same operation id as `createClient()`'s methods.
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const file = fileURLToPath(new URL('../src/gen/sdk.gen.ts', import.meta.url));
const source = readFileSync(file, 'utf8');
let named = 0;
const out = source.replace(
  /^(export const (\w+) = .*\(options\??\.client \?\? client\)\.\w+<[^>]*>\(\{\n)(?!\s+operationId)/gm,
  (_, head, id) => {
    named++;
    return `${head}    operationId: '${id}',\n`;
  },
);
const functions = [...source.matchAll(/^export const \w+ = /gm)].length;
if (named === 0 && !source.includes("operationId: '")) throw new Error('name-operations: no sdk function found in sdk.gen.ts');
if (named !== 0 && named !== functions) throw new Error(`name-operations: named ${named} of ${functions} sdk functions`);
writeFileSync(file, out);
console.log(`sdk functions named: ${named || 'already'}`);
