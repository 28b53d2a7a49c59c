// The replay market source: serves the market data of a recording (`--record`), offline. A request
// is matched on its operation and target (path and sorted query); the answers recorded for one
// target are served in their order, the last one again once they run out. The simulated clock
// moves forward to each served exchange's time, so a replay sees the same expiries as the session.
// An answer goes through the same checks as a live one; a request the recording does not hold
// falls back to the simulator's own data and is listed at `GET /__control/upstream`.
import type { OpenApiDocument } from '../simulator/spec.js';
import { LOCAL_ANSWER, type MarketAnswer, type MarketSource } from '../simulator/market/source.js';
import { createDriftLog } from './drift-log.js';
import { harHeader, type HarEntry, type Recording } from './har.js';
import { createInterpreter, readOnlyOperation } from './interpret.js';
import { requestTarget } from './target.js';

export interface ReplayContext {
  doc: OpenApiDocument;
  clock: { now(): number; set(epochMs: number): void };
  log?: (line: string) => void;
}

const MISSES_KEPT = 50;

export function createReplaySource(recording: Recording, context: ReplayContext): MarketSource {
  const byKey = new Map<string, HarEntry[]>();
  for (const entry of recording.entries) {
    const key = `${entry._operationId} ${entry._target}`;
    const list = byKey.get(key);
    if (list) list.push(entry);
    else byKey.set(key, [entry]);
  }
  const interpret = createInterpreter(context.doc);
  const drift = createDriftLog(context.log ?? ((line: string) => console.warn(line)));
  let cursor = new Map<string, number>();
  let misses: string[] = [];
  const counters = { served: 0, missed: 0, unavailable: 0, refused: 0 };

  return {
    mode: 'replay',
    read(query) {
      if (!readOnlyOperation(context.doc, query.operationId)) {
        counters.refused++;
        return LOCAL_ANSWER;
      }
      const target = requestTarget(query);
      const key = `${query.operationId} ${target}`;
      const list = byKey.get(key);
      if (!list) {
        counters.missed++;
        if (!misses.includes(key)) {
          misses.push(key);
          if (misses.length > MISSES_KEPT) misses.shift();
        }
        return LOCAL_ANSWER;
      }
      const index = cursor.get(key) ?? 0;
      cursor.set(key, index + 1);
      const entry = list[Math.min(index, list.length - 1)]!;
      if (entry._simulatedTime > context.clock.now()) context.clock.set(entry._simulatedTime);
      const result = interpret(
        query.operationId,
        entry.response.status,
        harHeader(entry),
        entry.response.content.text,
        Date.parse(entry.startedDateTime),
      );
      drift.add(result.drift);
      const answer: MarketAnswer = result.answer;
      if (answer.kind === 'unavailable') counters.unavailable++;
      else counters.served++;
      return answer;
    },
    report() {
      return {
        mode: 'replay',
        entries: recording.entries.length,
        targets: byKey.size,
        ...counters,
        misses: [...misses],
        drift: drift.report(),
      };
    },
    reset() {
      cursor = new Map();
      misses = [];
      drift.reset();
      for (const key of Object.keys(counters) as Array<keyof typeof counters>) counters[key] = 0;
    },
    close() {},
  };
}

/** The simulated time a replay of `recording` starts at: its first exchange's. */
export function recordingStart(recording: Recording): number | undefined {
  return recording.entries.reduce<number | undefined>(
    (min, e) => (min === undefined || e._simulatedTime < min ? e._simulatedTime : min),
    undefined,
  );
}
