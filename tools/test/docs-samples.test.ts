// The code samples of the docs site (packages/docs: generated from the spec into `x-codeSamples`)
// for every operation: a curl command and an @x/fetch-client call that type-checks with strict tsc
// against the built packages, exactly as shown.
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { HTTP_METHODS, loadSpec } from '../../packages/openapi/dist/reader.js';
import { root } from './workspace.ts';

const docsSpec = JSON.parse(readFileSync(join(root, 'packages', 'docs', 'dist', 'openapi.docs.json'), 'utf8'));
const spec: any = loadSpec();
const operations = Object.entries<any>(docsSpec.paths).flatMap(([path, item]) =>
  HTTP_METHODS.filter((m) => item[m]).map((method) => ({ path, method, op: item[method] })),
);
const work = mkdtempSync(join(tmpdir(), 'x-docs-samples-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

describe('docs code samples', () => {
  it('cover every operation of the spec', () => {
    const inSpec = Object.values<any>(spec.paths).flatMap((item) => HTTP_METHODS.filter((m) => item[m]).map((m) => item[m].operationId));
    expect(operations.map((o) => o.op.operationId).sort()).toEqual(inSpec.sort());
  });

  it.each(operations.map((o) => [`${o.method.toUpperCase()} ${o.path}`, o] as const))(
    '%s: curl and @x/fetch-client',
    (_label, { path, method, op }) => {
      const samples: { lang: string; label: string; source: string }[] = op['x-codeSamples'];
      expect(samples.map((s) => s.label)).toEqual(['curl', '@x/fetch-client']);
      const [curl, ts] = samples as [(typeof samples)[0], (typeof samples)[0]];
      expect(curl.source).toContain(`/${path.split('/')[1]}`);
      expect(curl.source).toContain('x-api-key: $API_KEY');
      if (method !== 'get') expect(curl.source).toContain(`-X ${method.toUpperCase()}`);
      expect(ts.source).toContain(`await x.${op.operationId}(`);
    },
  );

  it('every @x/fetch-client sample type-checks with strict tsc against the built packages', () => {
    mkdirSync(join(work, 'node_modules', '@x'), { recursive: true });
    for (const pkg of ['types', 'fetch-client', 'signing'])
      symlinkSync(join(root, 'packages', pkg), join(work, 'node_modules', '@x', pkg), 'dir');
    writeFileSync(join(work, 'package.json'), JSON.stringify({ type: 'module', private: true }));
    const files = operations.map(({ op }) => {
      const file = `${op.operationId}.ts`;
      writeFileSync(join(work, file), op['x-codeSamples'][1].source);
      return file;
    });
    writeFileSync(
      join(work, 'tsconfig.json'),
      JSON.stringify({
        compilerOptions: {
          target: 'ES2022',
          lib: ['ES2022', 'DOM'],
          module: 'NodeNext',
          moduleResolution: 'NodeNext',
          strict: true,
          noUncheckedIndexedAccess: true,
          exactOptionalPropertyTypes: true,
          skipLibCheck: true,
          noEmit: true,
          typeRoots: [join(root, 'node_modules', '@types')],
          types: ['node'],
        },
        files,
      }),
    );
    try {
      execFileSync(join(root, 'node_modules', '.bin', 'tsc'), ['-p', 'tsconfig.json'], { cwd: work, encoding: 'utf8', stdio: 'pipe' });
    } catch (e: any) {
      throw new Error(`the samples do not type-check:\n${e.stdout}${e.stderr}`.slice(0, 6000));
    }
  });
});
