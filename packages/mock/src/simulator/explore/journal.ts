// The request journal: the last `size` requests the simulator answered through its API (not the
// control API, the docs or the explorer), with operation, status, duration and both bodies. The
// record costs two references in a chunk of the ring and four numbers in a typed array: it keeps
// the request record and the answer record, and the answer is serialised once, here, in place,
// and sent as that text; the entry's shape, the redaction and the operation's name are worked out
// when the journal is read. Only a body longer than the journal keeps is copied at record time (its cut,
// redacted first, as a string of its own: a slice would keep the whole body alive).
import { harEntry, type HarEntry, type HarHeader } from '../../upstream/har.js';
import type { Router } from '../router.js';
import type { SimRequest, SimResponse } from '../types.js';
import { CREDENTIAL_HEADERS, REDACTED, redactBody, redactSecrets, requestSecrets } from './redact.js';

/** Longest body kept per request and direction (characters); the rest is cut. */
export const MAX_JOURNAL_BODY = 65_536;
export const DEFAULT_JOURNAL_SIZE = 200;

/**
 * Records per chunk of the ring. A record's two references (the request record and the answer as
 * sent) go into the chunk being filled, a young array made when its first slot is written (a copy
 * of the chunk it replaces, whose other slots still hold kept requests): a store into a young
 * array costs no remembered-set entry, while a store of each request's new objects into one
 * long-lived ring (old space after its first garbage collections) does, on every request. Full
 * chunks are only read. A power of two, so that a slot's chunk and place are a shift and a mask.
 */
const CHUNK_BITS = 4;
const CHUNK = 1 << CHUNK_BITS;

/**
 * What a record keeps of a request, two references per slot in its chunk: the request record (its
 * query, headers and body are read when the journal is read, not on the request's path; one with a
 * body longer than MAX_JOURNAL_BODY is replaced by a copy with its cut), and the answer as sent
 * (its body serialised, `raw`; for a text longer than MAX_JOURNAL_BODY a copy with its cut). Its
 * numbers (id and times) live in a typed array beside the chunks: a time stored in an object would
 * be a heap number made per request.
 */
type Chunk = Array<SimRequest | (SimResponse & { body: string })>;

/** A kept request with its numbers, as the journal's reads see it. */
interface Raw {
  request: SimRequest;
  status: number;
  responseHeaders: Record<string, string>;
  /** The answer's text, or its cut when longer than MAX_JOURNAL_BODY. */
  responseBody: string;
  id: number;
  /** Wall-clock start (epoch ms) and simulated time (epoch ms). */
  startedAt: number;
  simulatedAt: number;
  durationMs: number;
}

/** Numbers per ring slot in `numbers`: id, startedAt, simulatedAt, durationMs. */
const NUMBERS = 4;

export interface JournalEntry {
  id: number;
  startedAt: string;
  simulatedAt: string;
  durationMs: number;
  method: string;
  path: string;
  query: string;
  operationId: string | null;
  status: number;
  /** The request headers the journal keeps (the API key and bearer token shown as redacted). */
  requestHeaders: HarHeader[];
  requestBody: string;
  responseBody: string;
  truncated: boolean;
}

export interface Journal {
  readonly size: number;
  /**
   * Records an answered request. `response` is this request's own answer record: it is turned into
   * its serialised form in place (its body the text to send, `raw`), kept, and returned.
   */
  record(request: SimRequest, response: SimResponse, startedAt: number, simulatedAt: number, durationMs: number): SimResponse;
  /**
   * Records a request answered at once (duration 0), stamped now with the journal's clocks: the
   * times are read here, straight into the journal's number store, instead of before the answer
   * and passed along with it (measured: about a quarter less of the journal's own time per request,
   * together with the chunked ring).
   */
  recordNow(request: SimRequest, response: SimResponse): SimResponse;
  /** Entries newest first, redacted: at most `limit`, only those after `afterId` when given. */
  entries(options?: { limit?: number; afterId?: number; ids?: readonly number[] }): JournalEntry[];
  /** A HAR 1.2 log of the entries (redacted), oldest first. */
  har(ids?: readonly number[]): { log: { version: '1.2'; creator: { name: string; version: string }; entries: HarEntry[] } };
  clear(): void;
}

/**
 * The first MAX_JOURNAL_BODY characters of a longer text as a string of their own: a slice shares
 * (and keeps alive) the whole text, a JSON round trip copies exactly, lone surrogates included.
 */
const cutCopy = (text: string): string => JSON.parse(JSON.stringify(text.slice(0, MAX_JOURNAL_BODY))) as string;

/** The API key and bearer token a request carries (see requestSecrets). */
const secretsOf = (request: SimRequest): string[] =>
  requestSecrets(...(CREDENTIAL_HEADERS.map((name) => request.header(name)) as [string | undefined, string | undefined]));

/**
 * The cut of a long body, redacted before it is cut: the cut is no longer JSON (its sensitive
 * fields could not be found by name) and could end inside a secret (which would then show in part).
 * `request`: the body is a request's (see redactBody's `opaque`).
 */
const redactedCut = (text: string, secrets: readonly string[], request = false): string => cutCopy(redactBody(text, secrets, request));

/** What the journal keeps of a request whose body is longer than it keeps: the parts it shows, and the body's cut. */
function keptRequest(request: SimRequest): SimRequest {
  const headers = new Map<string, string>();
  for (const name of CREDENTIAL_HEADERS) {
    const value = request.header(name);
    if (value !== undefined) headers.set(name, value);
  }
  return {
    method: request.method,
    path: request.path,
    query: request.query,
    header: (name) => headers.get(name.toLowerCase()),
    bodyText: redactedCut(request.bodyText, secretsOf(request), true),
    ...(request.contentType !== undefined ? { contentType: request.contentType } : {}),
  };
}

/** What the journal keeps of an answer longer than it keeps: its status and headers, and the body's cut (redacted). */
const keptAnswer = (request: SimRequest, answer: SimResponse & { body: string }): SimResponse & { body: string } => ({
  status: answer.status,
  headers: answer.headers,
  body: redactedCut(answer.body, secretsOf(request)),
  raw: true,
});

/** The clocks of `recordNow`'s stamps: wall-clock time and simulated time (epoch ms). */
export interface JournalClocks {
  wall(): number;
  simulated(): number;
}

const SYSTEM_CLOCKS: JournalClocks = { wall: () => Date.now(), simulated: () => Date.now() };

export function createJournal(
  size: number,
  router: Router,
  creatorVersion: string,
  baseUrl = 'http://127.0.0.1',
  clocks: JournalClocks = SYSTEM_CLOCKS,
): Journal {
  /** The ring's slots, CHUNK to a chunk (see CHUNK_BITS). */
  const chunks: Chunk[] = [];
  // Made on the first record, not with the simulator: most simulators (one per test) never record.
  let numbers: Float64Array | undefined;
  let next = 0;
  /** Slots recorded since the start or the last clear (at most `size`). */
  let filled = 0;
  let lastId = 0;
  const keptAt = (slot: number): Raw => {
    const at = slot * NUMBERS;
    const n = numbers!; // a slot in the ring was recorded, so the numbers exist
    const chunk = chunks[slot >> CHUNK_BITS]!;
    const place = (slot & (CHUNK - 1)) * 2;
    const request = chunk[place] as SimRequest;
    const answer = chunk[place + 1] as SimResponse & { body: string };
    return {
      request,
      status: answer.status,
      responseHeaders: answer.headers,
      responseBody: answer.body,
      id: n[at]!,
      startedAt: n[at + 1]!,
      simulatedAt: n[at + 2]!,
      durationMs: n[at + 3]!,
    };
  };
  /** The kept requests, oldest first. */
  const ordered = (): Raw[] => {
    const out: Raw[] = [];
    const first = filled < size ? 0 : next;
    for (let i = 0; i < filled; i++) out.push(keptAt((first + i) % size));
    return out;
  };
  const view = (raw: Raw): JournalEntry => {
    const { request } = raw;
    const requestBody = request.bodyText;
    const secrets = secretsOf(request);
    const match = router.match(request.method, request.path);
    const headers: HarHeader[] = [];
    if (request.contentType) headers.push({ name: 'content-type', value: request.contentType });
    for (const name of CREDENTIAL_HEADERS) if (request.header(name) !== undefined) headers.push({ name, value: REDACTED });
    return {
      id: raw.id,
      startedAt: new Date(raw.startedAt).toISOString(),
      simulatedAt: new Date(raw.simulatedAt).toISOString(),
      durationMs: raw.durationMs,
      method: request.method,
      path: request.path,
      query: redactSecrets(request.query.toString(), secrets),
      operationId: match.kind === 'operation' ? match.operation.operationId : null,
      status: raw.status,
      requestHeaders: headers,
      requestBody: redactBody(requestBody, secrets, true),
      responseBody: redactBody(raw.responseBody, secrets),
      truncated: requestBody.length >= MAX_JOURNAL_BODY || raw.responseBody.length >= MAX_JOURNAL_BODY,
    };
  };
  const select = (ids: readonly number[] | undefined): Raw[] => {
    const all = ordered();
    if (ids === undefined) return all;
    const wanted = new Set(ids);
    return all.filter((r) => wanted.has(r.id));
  };
  /** A chunk's first slot: a young copy takes its place (its later slots keep their requests until written). */
  const freshChunk = (index: number): Chunk => {
    const old = chunks[index];
    const chunk = old ? old.slice() : new Array<Chunk[number]>(CHUNK * 2);
    chunks[index] = chunk;
    numbers ??= new Float64Array(size * NUMBERS);
    return chunk;
  };
  /**
   * Serialises `response` in place (the answer goes out as this text), keeps the request and the
   * answer in the next slot with the next id, and returns the slot (its times are the caller's to write).
   * Kept small, with the rare cases (a new chunk, a long body) in functions of their own, so that
   * V8 inlines it into the request's path: it inlines by bytecode size on a budget per compiled
   * function, and with the coarse clock's larger `now` the budget ran out before `keep`, which
   * stayed a call (node --trace-turbo-inlining on the journal bench's small GET).
   */
  const keep = (request: SimRequest, response: SimResponse): number => {
    if (response.raw !== true || typeof response.body !== 'string') {
      response.body = response.raw ? String(response.body) : JSON.stringify(response.body);
      response.raw = true;
    }
    const answer = response as SimResponse & { body: string };
    const slot = next;
    const place = (slot & (CHUNK - 1)) * 2;
    const chunk = place === 0 ? freshChunk(slot >> CHUNK_BITS) : chunks[slot >> CHUNK_BITS]!;
    chunk[place] = request.bodyText.length > MAX_JOURNAL_BODY ? keptRequest(request) : request;
    chunk[place + 1] = answer.body.length > MAX_JOURNAL_BODY ? keptAnswer(request, answer) : answer;
    numbers![slot * NUMBERS] = ++lastId; // made with the ring's first chunk
    next = slot + 1 === size ? 0 : slot + 1;
    if (filled < size) filled++;
    return slot;
  };
  return {
    size,
    record(request, response, startedAt, simulatedAt, durationMs) {
      const at = keep(request, response) * NUMBERS;
      const n = numbers!; // made by keep
      n[at + 1] = startedAt;
      n[at + 2] = simulatedAt;
      n[at + 3] = durationMs;
      return response;
    },
    recordNow(request, response) {
      const at = keep(request, response) * NUMBERS;
      const n = numbers!; // made by keep
      n[at + 1] = clocks.wall();
      n[at + 2] = clocks.simulated();
      n[at + 3] = 0;
      return response;
    },
    entries({ limit = size, afterId = 0, ids } = {}) {
      const out: JournalEntry[] = [];
      const all = select(ids);
      for (let i = all.length - 1; i >= 0 && out.length < limit; i--) {
        const raw = all[i]!;
        if (raw.id <= afterId) break;
        out.push(view(raw));
      }
      return out;
    },
    har(ids) {
      const entries = select(ids).map((raw) => {
        const entry = view(raw);
        return harEntry({
          operationId: entry.operationId ?? '',
          baseUrl,
          target: raw.request.path + (entry.query ? `?${entry.query}` : ''),
          startedAt: raw.startedAt,
          durationMs: raw.durationMs,
          simulatedTime: raw.simulatedAt,
          status: raw.status,
          statusText: '',
          headers: Object.entries(raw.responseHeaders),
          bodyText: entry.responseBody,
          method: raw.request.method,
          requestHeaders: entry.requestHeaders,
          ...(raw.request.bodyText !== ''
            ? { requestBody: { mimeType: raw.request.contentType ?? 'application/json', text: entry.requestBody } }
            : {}),
        });
      });
      return { log: { version: '1.2', creator: { name: 'x-mock', version: creatorVersion }, entries } };
    },
    clear() {
      chunks.length = 0;
      next = 0;
      filled = 0;
    },
  };
}
