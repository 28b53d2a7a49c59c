// Credentials in an answer (the fields the spec marks `x-sensitive`) never reach a model: this
// server holds the only token it uses (`--bearer-token`), and a token in a model's context could be
// sent anywhere by whatever drives it. (Auth verify, which answers the trigger v2 token, is a
// sign-in step and no tool at all, see tools.ts; this holds for any other answer so marked.)
import { type CatalogueOperation, withholdSensitive } from '@x/catalogue';

export const WITHHELD = '[withheld: a credential is never shown to a model]';

/** The answer with each sensitive top-level field replaced by WITHHELD, and the line saying so. */
export function withholdCredentials(op: CatalogueOperation, data: unknown): { data: unknown; note?: string } {
  const shown = withholdSensitive(op, data, WITHHELD);
  if (shown.withheld.length === 0) return { data };
  return {
    data: shown.data,
    note: `${shown.withheld.join(', ')}: withheld (a credential). The user gives a trigger v2 token to x-mcp with --bearer-token, never to a model.`,
  };
}
