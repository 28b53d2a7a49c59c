// kill -9 against `x-mock serve --data`: a scripted run of swaps is killed with SIGKILL at random
// moments (during writes, and while idle), restarted on the same directory, and checked: every
// execute whose answer was sent is there (re-sending it answers the same), none is applied twice
// (balances are exactly the sum of the executes that landed, each once), and after an idle kill
// every read answers as before it. Bounded: ROUNDS restarts, each a few hundred ms of load.
import type { ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestWallet, PLATFORM_TOKEN, STABLECOIN } from '../simulator/test-support/harness.js';
import { type Answer, type Caller, SESSION_STEPS, sessionReads, sessionState } from '../simulator/test-support/durable-session.js';
import { bin, START_GUARD_MS, startServe } from './test-support/serve-process.js';

const ROUNDS = 8;
const START_PLATFORM = 100_000_000_000n;
const START_STABLE = 10_000_000_000n;
const dir = mkdtempSync(join(tmpdir(), 'x-mock-kill-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A small seeded generator, so that a failing run can be repeated (its seed is in the test's name). */
function seeded(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (Math.imul(s ^ (s >>> 15), 0x2c1b3c6d) + 0x6d2b79f5) >>> 0;
    return s / 4294967296;
  };
}

const start = () => startServe(['serve', '--port', '0', '--clock', 'manual', '--data', dir]);

function kill(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill('SIGKILL');
  });
}

const httpCaller =
  (url: string): Caller =>
  async (method, path, options = {}) => {
    const target = new URL(url + path);
    for (const [k, v] of Object.entries(options.query ?? {})) target.searchParams.set(k, v);
    const headers: Record<string, string> = { 'x-api-key': 'k' };
    if (options.token) headers.authorization = `Bearer ${options.token}`;
    if (options.body !== undefined) headers['content-type'] = 'application/json';
    const res = await fetch(target, {
      method,
      headers,
      ...(options.body !== undefined ? { body: JSON.stringify(options.body) } : {}),
    });
    return { status: res.status, body: JSON.parse(await res.text()) };
  };

interface Execute {
  body: { signedTransaction: string; requestId: string };
  amount: bigint;
  /** The answer, once one was received. */
  answer?: Answer;
}

const seed = Number(process.env.KILL_SEED ?? Date.now() % 100_000);

describe.runIf(existsSync(bin))('x-mock serve --data under kill -9', () => {
  // (a hang guard: each round starts the bin, which a loaded machine may take many seconds to do)
  it(`loses no answered write and applies none twice (seed ${seed})`, { timeout: 60_000 + 2 * START_GUARD_MS }, async () => {
    const random = seeded(seed);
    const wallet = await createTestWallet(new Uint8Array(32).fill(3));
    const executes: Execute[] = [];
    let nextAmount = 1_000_000n;
    let readsBeforeKill: Answer[] | undefined;
    const session = await sessionState();
    let steps = 0;
    /** Executes sent whose answer the kill cut off. */
    let cutOff = 0;

    for (let round = 0; round < ROUNDS; round++) {
      const { child, url } = await start();
      const call = httpCaller(url);
      try {
        // Every read answers as before the last kill, which came while the server was idle.
        if (readsBeforeKill)
          expect(await sessionReads(call, session), `reads after the kill of round ${round - 1}`).toEqual(readsBeforeKill);
        // Every execute is re-sent: an answered one answers the same; one cut off lands now or answers how it landed.
        for (const e of executes) {
          if (!e.answer) cutOff++;
          const again = await call('POST', '/swap/v2/execute', { body: e.body });
          expect(again.body.status, JSON.stringify(again.body)).toBe('Success');
          if (e.answer) expect(again.body, 'an answered execute is there, as answered').toEqual(e.answer.body);
          e.answer = again;
        }
        // Each landed exactly once: the balances are the sum of the executes, no more.
        const spent = executes.reduce((sum, e) => sum + e.amount, 0n);
        const received = executes.reduce((sum, e) => sum + BigInt(e.answer!.body.totalOutputAmount), 0n);
        const balance = async (mint: string) =>
          (await call('GET', '/__control/balance', { query: { wallet: wallet.address, mint } })).body.amount;
        expect(await balance(PLATFORM_TOKEN)).toBe(String(START_PLATFORM - spent));
        expect(await balance(STABLECOIN)).toBe(String(START_STABLE + received));

        // A step of the session (other areas), then swaps until the kill.
        if (steps < SESSION_STEPS.length) await SESSION_STEPS[steps++]!(call, session);
        const idle = round % 2 === 1;
        const swapOnce = async (): Promise<void> => {
          const amount = nextAmount++;
          const order = await call('GET', '/swap/v2/order', {
            query: { inputMint: PLATFORM_TOKEN, outputMint: STABLECOIN, amount: String(amount), taker: wallet.address },
          });
          const e: Execute = {
            body: { signedTransaction: await wallet.signTransaction(order.body.transaction), requestId: order.body.requestId },
            amount,
          };
          executes.push(e);
          e.answer = await call('POST', '/swap/v2/execute', { body: e.body });
          expect(e.answer.body.status).toBe('Success');
        };
        if (idle) {
          for (let i = 0; i < 3; i++) await swapOnce();
          readsBeforeKill = await sessionReads(call, session);
          await kill(child);
        } else {
          readsBeforeKill = undefined;
          let stop = false;
          const worker = async () => {
            while (!stop) await swapOnce();
          };
          const workers = [worker(), worker(), worker()].map((w) => w.catch(() => undefined));
          await new Promise((resolve) => setTimeout(resolve, 30 + Math.floor(random() * 400)));
          await kill(child);
          stop = true;
          await Promise.all(workers);
        }
      } finally {
        await kill(child);
      }
    }
    console.log(`kill -9 test (seed ${seed}): ${ROUNDS} kills, ${executes.length} executes, ${cutOff} cut off by a kill`);
    expect(executes.length).toBeGreaterThan(ROUNDS);
    expect(executes.filter((e) => !e.answer).length).toBe(0);
  });
});
