// Generation step: open response enums keep their known values in the types.
// The spec writes an enum that the service may extend as
//   anyOf: [{ type: string, enum: [Success, Failed] }, { type: string, x-unknown-enum-value: true }]
// which @hey-api/typescript emits as `'Success' | 'Failed' | string`, a type TypeScript reduces to
// `string` (editors then offer no completion). This rewrites, in src/gen/types.gen.ts, every union
// that has a `string` member beside string literals into `'Success' | 'Failed' | (string & {})`,
// and a `number` member beside number literals into `1 | 2 | (number & {})`: the same set of
// values, with the known ones still suggested. Request enums are plain closed `enum`s in the spec,
// so their unions have no such member and stay closed.
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

/** The positions of the `string`/`number` members to widen in `source`, last first. */
export function openEnumMembers(source: ts.SourceFile): Array<{ start: number; end: number; text: string }> {
  const edits: Array<{ start: number; end: number; text: string }> = [];
  const literalKind = (node: ts.TypeNode) => {
    if (!ts.isLiteralTypeNode(node)) return undefined;
    const { literal } = node;
    if (ts.isStringLiteral(literal)) return 'string';
    if (ts.isNumericLiteral(literal) || (ts.isPrefixUnaryExpression(literal) && ts.isNumericLiteral(literal.operand))) return 'number';
    return undefined;
  };
  const visit = (node: ts.Node) => {
    if (ts.isUnionTypeNode(node)) {
      const kinds = new Set(node.types.map(literalKind));
      for (const member of node.types) {
        const keyword =
          member.kind === ts.SyntaxKind.StringKeyword ? 'string' : member.kind === ts.SyntaxKind.NumberKeyword ? 'number' : undefined;
        if (keyword && kinds.has(keyword)) edits.push({ start: member.getStart(source), end: member.getEnd(), text: `(${keyword} & {})` });
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return edits.sort((a, b) => b.start - a.start);
}

export function openEnums(text: string): { text: string; count: number } {
  const source = ts.createSourceFile('types.gen.ts', text, ts.ScriptTarget.Latest, true);
  const edits = openEnumMembers(source);
  for (const edit of edits) text = text.slice(0, edit.start) + edit.text + text.slice(edit.end);
  return { text, count: edits.length };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const file = fileURLToPath(new URL('../src/gen/types.gen.ts', import.meta.url));
  const { text, count } = openEnums(readFileSync(file, 'utf8'));
  writeFileSync(file, text);
  console.log(`open enums: ${count} unions keep their known values beside (string & {}) / (number & {})`);
}
