// Descriptions and `@deprecated` from the spec reach the declarations editors show.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { beforeAll, describe, expect, it } from 'vitest';

const file = fileURLToPath(new URL('./gen/types.gen.ts', import.meta.url));
let source: ts.SourceFile;

function property(typeName: string, prop: string): ts.PropertySignature {
  for (const statement of source.statements) {
    if (!ts.isTypeAliasDeclaration(statement) || statement.name.text !== typeName) continue;
    if (!ts.isTypeLiteralNode(statement.type)) break;
    for (const member of statement.type.members) {
      if (ts.isPropertySignature(member) && member.name.getText(source) === prop) return member;
    }
  }
  throw new Error(`${typeName}.${prop} not found`);
}

const docText = (node: ts.Node) =>
  ts
    .getJSDocCommentsAndTags(node)
    .map((doc) => (ts.isJSDoc(doc) ? (ts.getTextOfJSDocComment(doc.comment) ?? '') : ''))
    .join('\n');

beforeAll(() => {
  source = ts.createSourceFile(
    file,
    readFileSync(file, 'utf8'),
    {
      languageVersion: ts.ScriptTarget.ES2022,
      jsDocParsingMode: ts.JSDocParsingMode.ParseAll,
    },
    true,
  );
});

describe('doc comments', () => {
  it.each([
    ['SwapOrderResponse', 'priceImpactPct'],
    ['SwapOrderResponse', 'swapType'],
  ])('%s.%s is @deprecated', (typeName, prop) => {
    expect(ts.getJSDocDeprecatedTag(property(typeName, prop))).toBeDefined();
  });

  it.each([
    ['SwapOrderResponse', 'priceImpact'],
    ['SwapOrderResponse', 'router'],
    ['PredictionMarket', 'status'],
  ])('%s.%s is not deprecated', (typeName, prop) => {
    expect(ts.getJSDocDeprecatedTag(property(typeName, prop))).toBeUndefined();
  });

  it('carries property descriptions over from the spec', () => {
    expect(docText(property('SwapOrderResponse', 'transaction'))).toMatch(/Null when taker is not provided/);
    expect(docText(property('PredictionMarket', 'resolveAt'))).not.toBe('');
  });
});
