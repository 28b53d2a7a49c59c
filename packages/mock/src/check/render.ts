// The check's report as a table for people, or as JSON for tools.
import type { Issue } from './classify.js';
import type { CheckReport } from './run.js';

function describe(issue: Issue): string {
  const where =
    issue.location === 'status' ? 'status' : issue.location === 'header' ? `header ${issue.pointer}` : `body ${issue.pointer || '(root)'}`;
  const value = issue.value !== undefined ? ` (${issue.value})` : '';
  const count = issue.count && issue.count > 1 ? ` [${issue.count} places]` : '';
  return `${issue.kind === 'breaking' ? 'breaking' : 'additive'}: ${where}: ${issue.message}${value}${count}`;
}

export function renderTable(report: CheckReport): string {
  const rows = report.operations.map((op) => ({
    id: op.operationId,
    status: op.status === undefined ? '-' : String(op.status),
    result: op.result,
    details: [...op.issues.map(describe), ...(op.note ? [op.note] : [])],
  }));
  const idWidth = Math.max('operation'.length, ...rows.map((r) => r.id.length));
  const resultWidth = 'unreachable'.length;
  const line = (id: string, status: string, result: string, detail: string): string =>
    `${id.padEnd(idWidth)}  ${status.padEnd(6)}  ${result.padEnd(resultWidth)}  ${detail}`.trimEnd();
  const out = [line('operation', 'status', 'result', 'details')];
  for (const r of rows) {
    out.push(line(r.id, r.status, r.result, r.details[0] ?? ''));
    for (const more of r.details.slice(1)) out.push(line('', '', '', more));
  }
  const { ok, additive, breaking, unreachable } = report.summary;
  out.push('');
  out.push(
    `${report.operations.length} read-only operations against ${report.baseUrl}: ${ok} ok, ${additive} additive, ${breaking} breaking, ${unreachable} unreachable; ${report.requests} requests`,
  );
  for (const e of report.excluded) out.push(`not called: ${e.operationId} (${e.reason})`);
  return out.join('\n');
}

export function renderJson(report: CheckReport): string {
  return JSON.stringify(report, null, 2);
}
