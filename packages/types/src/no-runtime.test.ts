// @x/types is types only: compiling its entry must leave no JavaScript behind.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const compile = (file: string) =>
  ts.transpileModule(readFileSync(fileURLToPath(new URL(file, import.meta.url)), 'utf8'), {
    compilerOptions: { module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2022, verbatimModuleSyntax: true },
  }).outputText;

const statements = (js: string) =>
  js
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line && !line.startsWith('//') && line !== 'export {};');

describe('zero runtime code', () => {
  it('the entry compiles to an empty module', () => {
    expect(statements(compile('./index.ts'))).toEqual([]);
  });

  it('the generated types compile to an empty module (no enum objects)', () => {
    expect(statements(compile('./gen/types.gen.ts'))).toEqual([]);
  });

  it('the check would catch runtime code', () => {
    expect(statements('export const x = 1;\nexport {};')).toEqual(['export const x = 1;']);
  });
});
