// Credentials in an answer (the top-level fields the spec marks `x-sensitive`: the bearer token
// that trigger v2's auth verify answers) are not shown by the bins by default: a token on a screen,
// in a terminal's scrollback or in a model's context can be copied anywhere. Each bin says in its
// own words what to do instead (x: `--reveal`; x-mcp: never, the user gives it `--bearer-token`).
import type { CatalogueOperation } from './catalogue-types.js';

/** The answer with each sensitive top-level field replaced by `placeholder`, and the names of those replaced. */
export function withholdSensitive(
  op: Pick<CatalogueOperation, 'sensitiveAnswerFields'>,
  data: unknown,
  placeholder: string,
): { data: unknown; withheld: string[] } {
  if (data === null || typeof data !== 'object' || Array.isArray(data)) return { data, withheld: [] };
  const withheld = op.sensitiveAnswerFields.filter((field) => field in data);
  if (withheld.length === 0) return { data, withheld };
  return { data: { ...data, ...Object.fromEntries(withheld.map((field) => [field, placeholder])) }, withheld };
}
