// The spec-evolution check can fail: on a copy of the parts of the workspace it reads (the baseline,
// the bundle, the spec packages' manifests, `.changeset/`), a breaking change without its changeset
// is caught, and passes once the changeset has the right level.
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { root } from '../test/workspace.ts';
import { BASELINE_DIR, BUNDLE, readBaseline, writeBaseline } from './baseline.ts';
import { SPEC_PACKAGES } from './changesets.ts';
import { checkSpecEvolution, describeChanges } from './check.ts';

const copies: string[] = [];
afterEach(() => {
  for (const dir of copies.splice(0)) rmSync(dir, { recursive: true, force: true });
});

type Json = Record<string, any>;

/** A copy of what the check reads; `edit` changes the copy's bundle (the released spec stays as is). */
function workspaceCopy(edit: (bundle: Json) => void = () => {}): string {
  const dir = mkdtempSync(join(tmpdir(), 'spec-evolution-'));
  copies.push(dir);
  cpSync(join(root, BASELINE_DIR), join(dir, BASELINE_DIR), { recursive: true });
  const bundle = JSON.parse(readFileSync(join(root, BUNDLE), 'utf8')) as Json;
  edit(bundle);
  mkdirSync(join(dir, 'spec', 'dist'), { recursive: true });
  writeFileSync(join(dir, BUNDLE), JSON.stringify(bundle));
  for (const { dir: pkg } of SPEC_PACKAGES) cpSync(join(root, 'packages', pkg, 'package.json'), join(dir, 'packages', pkg, 'package.json'));
  mkdirSync(join(dir, '.changeset'));
  cpSync(join(root, '.changeset', 'README.md'), join(dir, '.changeset', 'README.md'));
  return dir;
}

function addChangeset(dir: string, name: string, bumps: Record<string, string>, summary = 'The spec changed.'): void {
  const front = Object.entries(bumps).map(([pkg, bump]) => `'${pkg}': ${bump}`);
  writeFileSync(join(dir, '.changeset', `${name}.md`), ['---', ...front, '---', '', summary, ''].join('\n'));
}

const every = (bump: string): Record<string, string> => Object.fromEntries(SPEC_PACKAGES.map((p) => [p.name, bump]));

function setVersion(dir: string, pkg: string, version: string): void {
  const file = join(dir, 'packages', pkg, 'package.json');
  writeFileSync(file, JSON.stringify({ ...JSON.parse(readFileSync(file, 'utf8')), version }));
}

const schemas = (bundle: Json) => bundle.components.schemas;

const BREAKING: [string, (bundle: Json) => void, string][] = [
  [
    'a response field removed',
    (b) => delete schemas(b).SwapOrderResponse.properties.outAmount,
    'GET /swap/v2/order (swapGetOrder) › response 200 (application/json): outAmount: field removed',
  ],
  [
    'a required request field added',
    (b) => {
      schemas(b).TxSubmitRequest.properties.memo = { type: 'string' };
      schemas(b).TxSubmitRequest.required.push('memo');
    },
    'POST /tx/v1/submit (txSubmit) › request body (application/json): memo: required field added (a request that was valid is now refused)',
  ],
  [
    'a status dropped',
    (b) => delete b.paths['/swap/v2/execute'].post.responses['400'],
    'POST /swap/v2/execute (swapExecute) › response 400: status removed',
  ],
];

describe('the spec-evolution check, on a copy of the workspace', () => {
  it('passes when the bundle is the released spec, with no changeset', () => {
    const report = checkSpecEvolution(workspaceCopy());
    expect(report).toMatchObject({ ok: true, changes: [], baselineVersion: '0.1.0', releasedVersion: '0.1.0' });
  });

  describe.each(BREAKING)('%s', (_name, edit, line) => {
    it('is caught without a changeset, naming the change, why, and the changeset to add', () => {
      const report = checkSpecEvolution(workspaceCopy(edit));
      expect(report.ok).toBe(false);
      expect(report.changes.filter((c) => c.impact === 'breaking').length).toBeGreaterThan(0);
      expect(report.message).toContain('Breaking:');
      expect(report.message).toContain(line);
      expect(report.message).toContain('A breaking change needs `minor` while the package is 0.x');
      for (const { name, dir } of SPEC_PACKAGES) {
        const { version } = JSON.parse(readFileSync(join(root, 'packages', dir, 'package.json'), 'utf8'));
        expect(report.message).toContain(`  ${name} ${version}: needs minor, has no pending changeset`);
        expect(report.message).toContain(`  '${name}': minor`);
      }
    });

    it('is caught with only a patch changeset, and with a minor one that forgets a package', () => {
      const dir = workspaceCopy(edit);
      addChangeset(dir, 'spec-change', every('patch'));
      const patched = checkSpecEvolution(dir);
      expect(patched.ok).toBe(false);
      expect(patched.message).toContain('@x/types 0.1.0: needs minor, has only patch (.changeset/spec-change.md)');
      const { '@x/mcp': _forgotten, ...most } = every('minor');
      addChangeset(dir, 'spec-change', most);
      const forgot = checkSpecEvolution(dir);
      expect(forgot.ok).toBe(false);
      expect(forgot.missing.map((m) => m.name)).toEqual(['@x/mcp']);
    });

    it('passes with a minor changeset for every package made from the spec (0.x)', () => {
      const dir = workspaceCopy(edit);
      addChangeset(dir, 'spec-change', every('minor'));
      const report = checkSpecEvolution(dir);
      expect(report.ok, report.message).toBe(true);
      expect(report.message).toContain(line);
    });
  });

  it('asks for major from 1.0: a 1.x package with a minor changeset for a breaking change fails', () => {
    const dir = workspaceCopy(BREAKING[0]![1]);
    setVersion(dir, 'types', '1.2.0');
    addChangeset(dir, 'spec-change', every('minor'));
    const report = checkSpecEvolution(dir);
    expect(report.ok).toBe(false);
    expect(report.missing).toEqual([
      { name: '@x/types', version: '1.2.0', need: 'major', have: 'minor', files: ['.changeset/spec-change.md'] },
    ]);
    addChangeset(dir, 'types-major', { '@x/types': 'major' });
    expect(checkSpecEvolution(dir).ok).toBe(true);
  });

  it('a non-breaking change needs a patch changeset at least', () => {
    const edit = (b: Json) => b.paths['/swap/v2/order'].get.parameters.push({ name: 'preview', in: 'query', schema: { type: 'boolean' } });
    const dir = workspaceCopy(edit);
    const bare = checkSpecEvolution(dir);
    expect(bare.ok).toBe(false);
    expect(bare.message).toContain(
      'Non-breaking:\n  - GET /swap/v2/order (swapGetOrder) › query parameter preview: optional query parameter added',
    );
    expect(bare.message).not.toContain('Breaking:');
    expect(bare.message).toContain('  @x/openapi 0.1.0: needs patch, has no pending changeset');
    addChangeset(dir, 'preview', every('patch'));
    expect(checkSpecEvolution(dir).ok).toBe(true);
  });

  it('fails when the baseline is of another version than @x/openapi, until the baseline is cut for it', () => {
    const dir = workspaceCopy();
    setVersion(dir, 'openapi', '0.2.0');
    const report = checkSpecEvolution(dir);
    expect(report.ok).toBe(false);
    expect(report.message).toContain(
      'the baseline is the spec of @x/openapi 0.1.0 (spec/released/openapi@0.1.0.json), but @x/openapi is at 0.2.0',
    );
    expect(report.message).toContain('run `pnpm --filter @x/spec run baseline` and commit spec/released/openapi@0.2.0.json');
    writeBaseline(dir);
    expect(readdirSync(join(dir, BASELINE_DIR)).filter((f) => f.endsWith('.json'))).toEqual(['openapi@0.2.0.json']);
    expect(readBaseline(dir).version).toBe('0.2.0');
    expect(checkSpecEvolution(dir)).toMatchObject({ ok: true, baselineVersion: '0.2.0' });
  });

  it('the baseline is not cut while a changeset of a spec package is pending (it is the spec as released)', () => {
    const dir = workspaceCopy(BREAKING[0]![1]);
    addChangeset(dir, 'spec-change', { '@x/mock': 'minor' });
    expect(() => writeBaseline(dir)).toThrow(
      /pending changesets for @x\/mock \(\.changeset\/spec-change\.md\).*run `changeset version` first/,
    );
    expect(existsSync(join(dir, BASELINE_DIR, 'openapi@0.1.0.json'))).toBe(true);
  });

  it('fails on a changeset it cannot read, naming the file', () => {
    const dir = workspaceCopy();
    writeFileSync(join(dir, '.changeset', 'broken.md'), "---\n'@x/types': sometimes\n---\n\nWhat.\n");
    const report = checkSpecEvolution(dir);
    expect(report.ok).toBe(false);
    expect(report.message).toMatch(/^spec-evolution: \.changeset\/broken\.md is not a changeset: /);
  });

  it('fails, saying what to run, without a baseline, with two, or with one edited by hand', () => {
    const none = workspaceCopy();
    rmSync(join(none, BASELINE_DIR), { recursive: true });
    expect(checkSpecEvolution(none).message).toMatch(
      /must hold exactly one openapi@<version>\.json \(found: none\).*pnpm --filter @x\/spec run baseline/,
    );
    const two = workspaceCopy();
    cpSync(join(two, BASELINE_DIR, 'openapi@0.1.0.json'), join(two, BASELINE_DIR, 'openapi@0.0.9.json'));
    expect(checkSpecEvolution(two)).toMatchObject({ ok: false });
    const edited = workspaceCopy();
    const file = join(edited, BASELINE_DIR, 'openapi@0.1.0.json');
    writeFileSync(file, JSON.stringify({ ...JSON.parse(readFileSync(file, 'utf8')), version: '0.1.1' }));
    expect(checkSpecEvolution(edited).message).toContain('says version 0.1.1 inside');
  });
});

describe('the failure message', () => {
  it('names a change of a shared response once, with every operation it reaches', () => {
    const dir = workspaceCopy((b) => {
      b.components.schemas.GatewayError = {
        type: 'object',
        required: ['code', 'message'],
        properties: { code: { type: 'integer' }, message: { type: 'string' } },
      };
      b.components.responses.Unauthorized.content['application/json'].schema = {
        anyOf: [{ $ref: '#/components/schemas/UnauthorizedError' }, { $ref: '#/components/schemas/GatewayError' }],
      };
    });
    const report = checkSpecEvolution(dir);
    expect(report.ok).toBe(false);
    const lines = report.message.split('\n');
    const optional = lines.filter((l) => l.includes('error: field made optional'));
    expect(optional).toEqual([
      expect.stringMatching(
        /^ {2}- response 401 \(application\/json\): error: field made optional \(readers of the released version count on it being present\), in \d+ operations: swapGetOrder, swapGetBuild, /,
      ),
    ]);
    expect(lines).toContain('  - document › components.schemas.GatewayError: schema added (a new type in @x/types)');
  });

  it('lists the operations a change reaches when it does not reach them all', () => {
    const change = { impact: 'breaking' as const, where: 'response 200 (application/json)', what: 'field removed', why: 'gone' };
    const changes = ['GET /a (aGet)', 'GET /b (bGet)'].map((operation) => ({ ...change, operation }));
    expect(describeChanges(changes, 3)).toEqual([
      'Breaking:',
      '  - response 200 (application/json): field removed (gone), in 2 operations: aGet, bGet',
    ]);
    expect(describeChanges(changes, 2)).toEqual([
      'Breaking:',
      '  - response 200 (application/json): field removed (gone), in every operation (2)',
    ]);
    expect(describeChanges(changes.slice(0, 1), 3)).toEqual([
      'Breaking:',
      '  - GET /a (aGet) › response 200 (application/json): field removed (gone)',
    ]);
  });
});
