// What the server tells an agent about its tools as a whole (initialize's `instructions`), made from
// the tools of the mode, so it is true of each: a mode without prepare tools promises none, and the
// prepare tools that answer instructions rather than a transaction (no `preparedTransactions`) are
// named, from the spec's marks, not from a list here. Started without a bearer token, it says how
// the user gets the one the tools of an area need: no tool signs in (see tools.ts).
import { SEE_PREPARED, type Tool, type ToolMode } from './tools.js';

/** How a person gets the trigger v2 token x-mcp needs: a sign-in with their wallet, outside this server. */
export const SIGN_IN_ELSEWHERE =
  'the user signs in with their wallet outside this server (with @x/cli: x trigger-v2-create-challenge, sign, x trigger-v2-verify-challenge --reveal) and starts x-mcp with --bearer-token or X_BEARER_TOKEN';

/** Those that need a bearer token: by area when every tool of the area does, else by name (`noun`: tools, or operations with --dynamic). */
function needingBearer(tools: ReadonlyArray<Tool>, noun: string): string | undefined {
  const needing = tools.filter((t) => t.operation.bearer);
  if (needing.length === 0) return undefined;
  const areas = [...new Set(needing.map((t) => t.operation.area))];
  const whole = areas.every((area) => tools.every((t) => t.operation.area !== area || t.operation.bearer));
  return whole ? `The ${areas.join(' and ')} ${noun}` : `The ${noun} ${needing.map((t) => t.definition.name).join(', ')}`;
}

export function instructionsFor(tools: ReadonlyArray<Tool>, mode: ToolMode, { bearerToken = false, dynamic = false } = {}): string {
  const lines = ['Tools for the trading and market-data API. Reads change nothing.'];
  if (mode !== 'read') {
    const instructionsOnly = tools.filter((t) => t.operation.access === 'prepare' && !t.prepares).map((t) => t.definition.name);
    lines.push(
      `Prepare tools change nothing either: they answer with UNSIGNED transactions${instructionsOnly.length > 0 ? ` (${instructionsOnly.join(' and ')}: the instructions to build one)` : ''}.`,
      `A tool whose description says "${SEE_PREPARED}" also answers what each transaction would do, decoded: show it to the user, who signs in their own wallet.`,
    );
  }
  if (mode === 'all') lines.push('Tools that change state act at once: call one only when the user asked for exactly that.');
  const needing = bearerToken ? undefined : needingBearer(tools, dynamic ? 'operations' : 'tools');
  if (needing) lines.push(`${needing} need a trigger v2 bearer token: ${SIGN_IN_ELSEWHERE}.`);
  lines.push('This server holds no key and never signs.');
  return lines.join(' ');
}
