// The word search of `search_operations`: each operation is indexed by the words of its
// operationId, area, summaries (the spec's `summary` and `x-agent-summary`), path and parameter
// names; a query's words score by how rare they are among the operations (idf) and by where they
// match (the name and summaries count more than a parameter name). No table of synonyms by hand:
// the words come from the spec.
import type { CatalogueOperation } from '@x/catalogue';

/** Lower-case words, camelCase and paths split, a plural's `s` and a verb's `ing` dropped, short words out. */
export function wordsOf(text: string): string[] {
  return text
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter((word) => word.length > 1 && !STOP.has(word))
    .map(stem);
}

const STOP = new Set([
  'a',
  'an',
  'the',
  'of',
  'in',
  'on',
  'to',
  'for',
  'by',
  'and',
  'or',
  'with',
  'my',
  'me',
  'is',
  'it',
  'its',
  'be',
  'v1',
  'v2',
  'get',
  'what',
  'how',
  'do',
  'can',
  'from',
  'into',
  'one',
  'all',
]);

const stem = (word: string) =>
  word.length > 4 && word.endsWith('ing')
    ? word.slice(0, -3)
    : word.length > 3 && word.endsWith('s') && !word.endsWith('ss')
      ? word.slice(0, -1)
      : word;

/** Where a word is found, and how much a match there counts. */
const WEIGHTS = { name: 3, summary: 2, path: 1, parameter: 1 } as const;

export interface SearchIndex {
  /** The operations, best match first; those matching no word of the query are left out. */
  search(query: string, area?: string): CatalogueOperation[];
}

export function searchIndex(operations: ReadonlyArray<CatalogueOperation>): SearchIndex {
  const entries = operations.map((op) => {
    const weight = new Map<string, number>();
    const add = (text: string, w: number) => {
      for (const word of wordsOf(text)) weight.set(word, Math.max(weight.get(word) ?? 0, w));
    };
    add(op.parameters.map((p) => p.name).join(' ') + (op.body?.fields.map((f) => ` ${f.name}`).join('') ?? ''), WEIGHTS.parameter);
    add(op.path, WEIGHTS.path);
    add(`${op.summary} ${op.agentSummary}`, WEIGHTS.summary);
    add(`${op.operationId} ${op.area}`, WEIGHTS.name);
    return { op, weight };
  });
  const documentFrequency = new Map<string, number>();
  for (const { weight } of entries) for (const word of weight.keys()) documentFrequency.set(word, (documentFrequency.get(word) ?? 0) + 1);
  const idf = (word: string) => Math.log(1 + operations.length / (documentFrequency.get(word) ?? operations.length));

  return {
    search(query, area) {
      const words = [...new Set(wordsOf(query))];
      return entries
        .filter(({ op }) => area === undefined || op.area === area)
        .map(({ op, weight }, order) => ({
          op,
          order,
          score: words.reduce((sum, word) => sum + (weight.get(word) ?? 0) * idf(word), 0),
        }))
        .filter((hit) => hit.score > 0)
        .sort((a, b) => b.score - a.score || a.order - b.order)
        .map((hit) => hit.op);
    },
  };
}
