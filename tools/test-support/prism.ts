// Prism (`prism mock` / `prism proxy`) started as a child process for a test run, ready only once it
// is proven to be OUR Prism serving OUR document on its port: another process answering on that port
// (one that took it between the pick and Prism's bind) must never be tested against.
//  - ours: the child itself printed `Prism is listening on <url>`, which Prism prints only after its
//    own bind succeeded (one that finds the port taken exits naming EADDRINUSE instead, so
//    `onFreePort` starts it again on a new port);
//  - a Prism: an undocumented path gets Prism's own "no path matched" problem answer;
//  - our document: the caller's probe (a documented request) gets the documented status (and body).
// The wait is a hang guard, not a speed target. On any failure the child is stopped before the
// promise rejects; one still running when the test process exits is killed then.
import { type ChildProcess, spawn } from 'node:child_process';
import { isDeepStrictEqual } from 'node:util';
import { ownChild } from './own-child.ts';

/** A documented request and what our document says Prism answers to it. */
export interface PrismProbe {
  /** Path and query of a documented operation. */
  path: string;
  headers?: Record<string, string>;
  status: number;
  /** The JSON body Prism's static mock answers (the first example); compared when given. */
  body?: unknown;
}

export interface PrismProcess {
  url: string;
  child: ChildProcess;
  /** Output so far (the last 100 kB; for error messages). */
  log(): string;
  /** Stops the whole process group (SIGTERM, SIGKILL after 3 s) and waits for its exit. */
  stop(): Promise<void>;
}

export interface StartPrismOptions {
  /** The port the arguments tell Prism to listen on (on 127.0.0.1). */
  port: number;
  probe: PrismProbe;
  cwd?: string;
  env?: NodeJS.ProcessEnv;
  /** Hang guard (ms): a start of a few seconds may take ten times that on a loaded machine. */
  guardMs?: number;
}

/** Where Prism answers any path its document does not have (its own problem `type`). */
const PRISM_NO_PATH = /prism\/errors#NO_PATH_MATCHED_ERROR$/;
const UNDOCUMENTED_PATH = '/__x-readiness-check__/undocumented';

const excerpt = (text: string): string => (text.length > 300 ? `${text.slice(0, 300)}…` : text);

/**
 * Why the server at `url` is not a Prism serving the document `probe` comes from, or undefined when
 * it is. Never throws: a refused or timed-out connection is a reason too.
 */
export async function prismMismatch(url: string, probe: PrismProbe, timeoutMs = 10_000): Promise<string | undefined> {
  try {
    const unknown = await fetch(`${url}${UNDOCUMENTED_PATH}`, { signal: AbortSignal.timeout(timeoutMs) });
    const text = await unknown.text();
    let type: unknown;
    try {
      type = (JSON.parse(text) as { type?: unknown }).type;
    } catch {
      /* not JSON: not Prism */
    }
    if (unknown.status !== 404 || typeof type !== 'string' || !PRISM_NO_PATH.test(type))
      return `not a Prism: GET ${UNDOCUMENTED_PATH} answered ${unknown.status} ${excerpt(text)} (Prism answers 404 NO_PATH_MATCHED_ERROR)`;
    const answer = await fetch(`${url}${probe.path}`, { headers: probe.headers, signal: AbortSignal.timeout(timeoutMs) });
    const body = await answer.text();
    if (answer.status !== probe.status)
      return `not serving the expected document: GET ${probe.path} answered ${answer.status} ${excerpt(body)}, the document says ${probe.status}`;
    if (probe.body !== undefined) {
      let parsed: unknown;
      try {
        parsed = JSON.parse(body);
      } catch {
        return `not serving the expected document: GET ${probe.path} answered ${excerpt(body)}, not JSON`;
      }
      if (!isDeepStrictEqual(parsed, probe.body))
        return `not serving the expected document: GET ${probe.path} answered ${excerpt(body)}, the document's example is ${excerpt(JSON.stringify(probe.body))}`;
    }
    return undefined;
  } catch (error) {
    return `no answer: ${error instanceof Error ? `${error.message}${error.cause instanceof Error ? ` (${error.cause.message})` : ''}` : String(error)}`;
  }
}

/**
 * `command args` (a Prism command whose arguments make it listen on 127.0.0.1:`port`), resolved once
 * it is ready as described above; rejects with its output when it exits first (EADDRINUSE included,
 * for `onFreePort`), when it is not what the probe expects, or when the guard runs out.
 */
export async function startPrism(command: string, args: readonly string[], options: StartPrismOptions): Promise<PrismProcess> {
  const { port, probe, cwd, env = process.env, guardMs = 120_000 } = options;
  const url = `http://127.0.0.1:${port}`;
  const child = spawn(command, args, {
    cwd,
    stdio: ['ignore', 'pipe', 'pipe'],
    // Its own process group: `npx` and Prism's workers are ended with it, and only they.
    detached: true,
    env: { ...env, NO_COLOR: '1', FORCE_COLOR: '0' },
  });
  let output = '';
  const append = (chunk: Buffer): void => {
    output += chunk.toString();
    if (output.length > 200_000) output = output.slice(-100_000);
  };
  child.stdout?.on('data', append);
  child.stderr?.on('data', append);
  const log = (): string => output;
  const { exited, stop } = ownChild(child, { group: true });
  // (the port ends there: `:4010` must not be taken for `:40100`)
  const listening = new RegExp(`Prism is listening on ${url.replace(/\./g, '\\.')}(?!\\d)`);
  const said = (): string => `${[command, ...args].join(' ')}\n${output.slice(-4000)}`;
  try {
    const deadline = Date.now() + guardMs;
    for (;;) {
      if (child.exitCode !== null || child.signalCode !== null)
        throw new Error(`prism exited (${child.exitCode ?? child.signalCode}) before it was ready:\n${said()}`);
      if (listening.test(output)) break;
      if (Date.now() > deadline)
        throw new Error(`prism did not print "Prism is listening on ${url}" within ${guardMs / 1000} s:\n${said()}`);
      await Promise.race([exited, new Promise((r) => setTimeout(r, 100))]);
    }
    const mismatch = await prismMismatch(url, probe);
    if (mismatch) throw new Error(`prism on ${url} is not ready: ${mismatch}\n${said()}`);
  } catch (error) {
    await stop();
    throw error;
  }
  return { url, child, log, stop };
}
