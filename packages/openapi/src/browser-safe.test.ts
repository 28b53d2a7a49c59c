// The reader is browser-safe: nothing it loads imports a Node built-in.
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const dir = fileURLToPath(new URL('.', import.meta.url));

describe('browser safety', () => {
  it('has no node: imports outside tests', () => {
    const sources = readdirSync(dir).filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'));
    expect(sources).toContain('reader.ts');
    for (const f of sources) expect(readFileSync(`${dir}/${f}`, 'utf8'), f).not.toMatch(/from ['"](node:|fs|path|url)['"/]/);
  });
});
