// Test support: a node:http server on 127.0.0.1 in front of a simulator that passes its answers
// through, except for the operations a test makes drift (status, headers, body rewritten).
import type { Simulator } from '../../simulator/index.js';
import { startScriptedServer, type Received, type ScriptedServer } from './scripted-server.js';

export interface SimAnswer {
  status: number;
  headers: Record<string, string>;
  body: unknown;
}

/** Rewrites one answer; return it unchanged to pass it through. */
export type Drift = (answer: SimAnswer, request: Received) => SimAnswer;

export async function startDriftProxy(sim: Simulator, drift: Drift = (a) => a): Promise<ScriptedServer> {
  return startScriptedServer(async (request, res) => {
    const headers = new Headers();
    for (const [name, value] of Object.entries(request.headers)) if (typeof value === 'string') headers.set(name, value);
    const answer = await sim.fetch(new Request(`http://localhost${request.url}`, { method: request.method, headers }));
    const text = await answer.text();
    const original: SimAnswer = {
      status: answer.status,
      headers: Object.fromEntries([...answer.headers].filter(([name]) => name.startsWith('x-ratelimit-') || name === 'retry-after')),
      body: text ? JSON.parse(text) : undefined,
    };
    const out = drift(original, request);
    res.writeHead(out.status, { 'content-type': 'application/json', ...out.headers });
    res.end(out.body === undefined ? '' : JSON.stringify(out.body));
  });
}

/** The path of a request URL, without its query. */
export const pathOf = (request: Received): string => request.url.split('?')[0] ?? '';
