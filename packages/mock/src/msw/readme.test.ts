// The README's MSW examples (section "3. MSW"), run as written against the built package: each
// block goes into a module inside this package (so `@x/mock` resolves to its own dist), with a
// check appended that the handlers it set up answer as the README says.
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { fixtures } from '../gen/fixtures.gen.js';

const packageDir = fileURLToPath(new URL('../..', import.meta.url));
const readme = readFileSync(new URL('../../README.md', import.meta.url), 'utf8');
const section = readme.slice(readme.indexOf('## 3. MSW'), readme.indexOf('## 4. '));
const blocks = [...section.matchAll(/```ts\n([\s\S]*?)```/g)].map((m) => m[1]!);

/** Runs one README block with `check` appended, in a module of this package; returns its stdout. */
function run(name: string, block: string, check: string): string {
  const dir = `${packageDir}test-results/readme-msw`;
  mkdirSync(dir, { recursive: true });
  const file = `${dir}/${name}.mjs`;
  writeFileSync(file, `${block}\n${check}\nserver.close();\n`);
  return execFileSync(process.execPath, [file], { encoding: 'utf8', timeout: 30_000 });
}

const BEARER = 'Bearer eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJ3YWxsZXQifQ.c2lnbmF0dXJl';

describe('the README MSW examples', () => {
  it('has the two blocks of its section', () => {
    expect(blocks).toHaveLength(2);
  });

  it('the handlers, with one operation overridden, answer as it says', () => {
    const out = run(
      'handlers',
      blocks[0]!,
      `const headers = { 'x-api-key': 'k', authorization: '${BEARER}' };
const vault = await fetch('http://localhost:4010/trigger/v2/vault', { headers });
const status = await fetch('http://localhost:4010/prediction/v1/trading-status', { headers });
console.log(JSON.stringify([vault.status, await vault.json(), status.status]));`,
    );
    expect(JSON.parse(out)).toEqual([404, fixtures.triggerV2GetVault.examples.vaultNotFound.body, 200]);
  });

  it('the simulator behind any origin answers as the simulator', () => {
    const out = run(
      'simulator',
      blocks[1]!,
      `const res = await fetch('https://api.example.com/prediction/v1/trading-status', { headers: { 'x-api-key': 'k' } });
const none = await fetch('https://api.example.com/prediction/v1/trading-status');
console.log(JSON.stringify([res.status, await res.json(), none.status]));`,
    );
    expect(JSON.parse(out)).toEqual([200, { trading_active: true }, 401]);
  });
});
