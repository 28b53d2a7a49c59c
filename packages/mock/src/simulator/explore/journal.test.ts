// The journal's record: references at request time, the entry built when the journal is read;
// a body longer than the journal keeps is cut, still redacted, and the answer sent is the full one.
import { describe, expect, it } from 'vitest';
import { bundledSpec } from '../spec.js';
import { sharedParts } from '../shared.js';
import type { SimRequest, SimResponse } from '../types.js';
import { createJournal, MAX_JOURNAL_BODY } from './journal.js';
import { REDACTED } from './redact.js';

const KEY = 'journal-test-key-123';
/** A part of the key long enough to give it away. */
const MIN_SHOWN = 12;

function request(bodyText: string, headers: Record<string, string> = { 'x-api-key': KEY }): SimRequest {
  return {
    method: 'POST',
    path: '/swap/v2/execute',
    query: new URLSearchParams(),
    header: (name) => headers[name.toLowerCase()],
    bodyText,
    contentType: 'application/json',
  };
}

const journal = () => createJournal(3, sharedParts(bundledSpec).router, '0.0.0');

describe('the request journal', () => {
  it('sends the answer it records as its text, and shows it when read', () => {
    const j = journal();
    const response: SimResponse = { status: 200, headers: { 'content-type': 'application/json' }, body: { ok: true, n: 1 } };
    const sent = j.record(request('{"a":1}'), response, 1_767_225_600_000, 1_767_225_600_000, 0);
    expect(sent).toEqual({ status: 200, headers: response.headers, raw: true, body: '{"ok":true,"n":1}' });
    const [entry] = j.entries();
    expect(entry).toMatchObject({
      id: 1,
      method: 'POST',
      path: '/swap/v2/execute',
      operationId: 'swapExecute',
      status: 200,
      requestBody: '{"a":1}',
      responseBody: '{"ok":true,"n":1}',
      truncated: false,
      startedAt: '2026-01-01T00:00:00.000Z',
    });
    expect(entry!.requestHeaders).toEqual([
      { name: 'content-type', value: 'application/json' },
      { name: 'x-api-key', value: REDACTED },
    ]);
  });

  it('keeps exactly its last `size` requests, oldest first in HAR and newest first in entries, across chunk boundaries and after a clear', () => {
    // 37: not a multiple of the ring's chunk; 100 records wrap it twice, mid-chunk.
    const j = createJournal(37, sharedParts(bundledSpec).router, '0.0.0');
    const answer = (n: number): SimResponse => ({ status: 200, headers: {}, body: { n } });
    for (let n = 1; n <= 100; n++) j.record(request(`{"n":${n}}`), answer(n), n, n, 0);
    const ids = j.entries().map((e) => e.id);
    expect(ids).toEqual(Array.from({ length: 37 }, (_, i) => 100 - i));
    expect(j.entries().map((e) => e.responseBody)).toEqual(ids.map((n) => `{"n":${n}}`));
    expect(j.har().log.entries.map((e) => e.request.postData?.text)).toEqual([...ids].reverse().map((n) => `{"n":${n}}`));
    expect(j.entries({ afterId: 95 }).map((e) => e.id)).toEqual([100, 99, 98, 97, 96]);
    j.clear();
    expect(j.entries()).toEqual([]);
    for (let n = 101; n <= 120; n++) j.record(request(`{"n":${n}}`), answer(n), n, n, 0);
    expect(j.entries().map((e) => e.id)).toEqual(Array.from({ length: 20 }, (_, i) => 120 - i));
  });

  it('recordNow stamps a request with its clocks when it is recorded, duration 0', () => {
    let wall = Date.UTC(2026, 2, 1);
    const j = createJournal(3, sharedParts(bundledSpec).router, '0.0.0', undefined, {
      wall: () => wall,
      simulated: () => Date.UTC(2030, 0, 1),
    });
    const sent = j.recordNow(request('{}'), { status: 201, headers: {}, body: { ok: true } });
    expect(sent).toMatchObject({ raw: true, body: '{"ok":true}' });
    wall += 1_000;
    j.record(request('{}'), { status: 200, headers: {}, body: {} }, wall, wall, 12);
    const [later, first] = j.entries();
    expect(first).toMatchObject({
      id: 1,
      status: 201,
      startedAt: '2026-03-01T00:00:00.000Z',
      simulatedAt: '2030-01-01T00:00:00.000Z',
      durationMs: 0,
    });
    expect(later).toMatchObject({ id: 2, startedAt: '2026-03-01T00:00:01.000Z', durationMs: 12 });
  });

  it('keeps the cut of a long request and answer body, redacted, and sends the whole answer', () => {
    const j = journal();
    const long = `{"key":"${KEY}","pad":"${'x'.repeat(MAX_JOURNAL_BODY)}"}`;
    const answer = { status: 200, headers: {}, body: { echo: KEY, pad: 'y'.repeat(MAX_JOURNAL_BODY) } };
    const sent = j.record(request(long), answer, 0, 0, 0);
    expect(sent.body).toBe(JSON.stringify({ echo: KEY, pad: 'y'.repeat(MAX_JOURNAL_BODY) }));
    const [entry] = j.entries();
    expect(entry!.truncated).toBe(true);
    expect(entry!.requestBody.length).toBeLessThanOrEqual(MAX_JOURNAL_BODY);
    expect(entry!.responseBody.length).toBeLessThanOrEqual(MAX_JOURNAL_BODY);
    expect(JSON.stringify(entry)).not.toContain(KEY);
    expect(entry!.requestHeaders).toContainEqual({ name: 'x-api-key', value: REDACTED });
    const har = JSON.stringify(j.har());
    expect(har).not.toContain(KEY);
  });

  it('redacts a long body before cutting it: no sensitive field, and no secret split at the cut', () => {
    const j = journal();
    const signed = 'AQAB'.repeat(40);
    // The key sits across the cut of the request body; the signed transaction lies before it.
    const pad = 'x'.repeat(MAX_JOURNAL_BODY - 60 - signed.length);
    const long = `{"signedTransaction":"${signed}","pad":"${pad}","echo":"${KEY}${'z'.repeat(MAX_JOURNAL_BODY)}"}`;
    expect(long.indexOf(KEY)).toBeLessThan(MAX_JOURNAL_BODY);
    expect(long.indexOf(KEY) + KEY.length).toBeGreaterThan(MAX_JOURNAL_BODY);
    const answer = { status: 400, headers: {}, body: { signedTransaction: signed, pad: 'y'.repeat(MAX_JOURNAL_BODY) } };
    j.record(request(long), answer, 0, 0, 0);
    const [entry] = j.entries();
    const shown = JSON.stringify([entry, j.har()]);
    expect(shown).not.toContain(signed);
    expect(shown).not.toContain(KEY.slice(0, MIN_SHOWN));
    expect(entry!.requestBody).toContain(`"signedTransaction":"${REDACTED}"`);
    expect(entry!.responseBody).toContain(`"signedTransaction":"${REDACTED}"`);
  });

  it('keeps the last `size` requests, newest first', () => {
    const j = journal();
    for (let i = 0; i < 5; i++) j.record(request(`{"i":${i}}`), { status: 200, headers: {}, body: { i } }, 0, 0, 0);
    expect(j.entries().map((e) => e.requestBody)).toEqual(['{"i":4}', '{"i":3}', '{"i":2}']);
    expect(j.entries({ afterId: 3 }).map((e) => e.id)).toEqual([5, 4]);
  });

  it('hides a signed transaction a request sends under a name the spec does not mark (a misspelt field), in the entry and the HAR', () => {
    const j = journal();
    const tx = `AQ${'Zm9vYmFy+/'.repeat(30)}==`;
    const url = 'https://example.com/images/token.png';
    j.record(
      request(JSON.stringify({ signedTx: tx, requestId: 'r1', tokenMetadata: { image: url } })),
      { status: 400, headers: {}, body: { error: 'Invalid request body: signedTransaction is required', code: -5 } },
      0,
      0,
      0,
    );
    const [entry] = j.entries();
    expect(JSON.parse(entry!.requestBody)).toEqual({ signedTx: REDACTED, requestId: 'r1', tokenMetadata: { image: url } });
    expect(JSON.stringify(j.har())).not.toContain(tx.slice(0, 24));
    expect(JSON.parse(entry!.responseBody)).toEqual({ error: 'Invalid request body: signedTransaction is required', code: -5 });
  });
});
