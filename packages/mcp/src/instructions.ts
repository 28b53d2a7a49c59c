// What the server tells an agent about its tools as a whole (initialize's `instructions`), made from
// the tools of the mode, so it is true of each: a mode without prepare tools promises none, and the
// prepare tools that answer instructions rather than a transaction (no `preparedTransactions`) are
// named, from the spec's marks, not from a list here.
import { SEE_PREPARED, type Tool, type ToolMode } from './tools.js';

export function instructionsFor(tools: ReadonlyArray<Tool>, mode: ToolMode): string {
  const lines = ['Tools for the trading and market-data API. Reads change nothing.'];
  if (mode !== 'read') {
    const instructionsOnly = tools.filter((t) => t.operation.access === 'prepare' && !t.prepares).map((t) => t.definition.name);
    lines.push(
      `Prepare tools change nothing either: they answer with UNSIGNED transactions${instructionsOnly.length > 0 ? ` (${instructionsOnly.join(' and ')}: the instructions to build one)` : ''}.`,
      `A tool whose description says "${SEE_PREPARED}" also answers what each transaction would do, decoded: show it to the user, who signs in their own wallet.`,
    );
  }
  if (mode === 'all') lines.push('Tools that change state act at once: call one only when the user asked for exactly that.');
  lines.push('This server holds no key and never signs.');
  return lines.join(' ');
}
