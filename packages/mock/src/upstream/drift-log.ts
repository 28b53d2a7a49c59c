// The drift the upstream showed, kept for `GET /__control/upstream` (the last 50 of each kind)
// and logged once per operation, place and message so a long session does not repeat itself.
import type { DriftRecord } from './interpret.js';

const KEPT = 50;

export interface DriftLog {
  add(records: readonly DriftRecord[]): void;
  report(): { additive: DriftRecord[]; breaking: DriftRecord[]; fallbacks: number };
  reset(): void;
}

export function createDriftLog(log: (line: string) => void): DriftLog {
  const seen = new Set<string>();
  let additive: DriftRecord[] = [];
  let breaking: DriftRecord[] = [];
  let fallbacks = 0;
  return {
    add(records) {
      if (records.some((r) => r.kind === 'breaking')) fallbacks++;
      for (const r of records) {
        const key = `${r.kind} ${r.operationId} ${r.location} ${r.pointer.replace(/\/\d+(?=\/|$)/g, '/*')} ${r.message}`;
        if (seen.has(key)) continue;
        if (seen.size < 10_000) seen.add(key);
        const list = r.kind === 'additive' ? additive : breaking;
        list.push(r);
        if (list.length > KEPT) list.shift();
        const where = r.location === 'body' ? `body ${r.pointer || '/'}` : `${r.location} ${r.pointer}`.trim();
        log(
          r.kind === 'additive'
            ? `x-mock upstream: additive drift in ${r.operationId} at ${where}: ${r.message} (served)`
            : `x-mock upstream: breaking drift in ${r.operationId} at ${where}: ${r.message} (the simulator answered from its own data)`,
        );
      }
    },
    report: () => ({ additive: [...additive], breaking: [...breaking], fallbacks }),
    reset() {
      seen.clear();
      additive = [];
      breaking = [];
      fallbacks = 0;
    },
  };
}
