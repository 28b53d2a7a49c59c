// Cold start of @x/signing against @solana/web3.js on Node, Bun and Deno: import and the first
// signature of a swap transaction the simulator made (bench/cold-start/*.mjs, run by
// tools/bench-support/cold-start.ts).
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { createSimulator } from '@x/mock';
import { listen } from '@x/mock/node';
import { measureColdStarts } from '../../../tools/bench-support/cold-start.ts';
import { newSecretKey } from './secret-key.ts';

const program = (name: string, file: string) => ({ name, file: fileURLToPath(new URL(`./cold-start/${file}`, import.meta.url)) });

export const COLD_PROGRAMS = {
  empty: program('empty program', 'empty.mjs'),
  x: program('@x/signing', 'x-signing.mjs'),
  baseline: program('@solana/web3.js', 'web3.mjs'),
};

/** A swap order's unsigned transaction for a new key, and that key (64 bytes), both base64. */
async function swapToSign(): Promise<[transaction: string, secretKey: string]> {
  const { secretKey, address } = await newSecretKey();
  const server = await listen(createSimulator({ now: Date.now() }), { port: 0 });
  try {
    const query = new URLSearchParams({
      inputMint: 'D6gqDYHvpEparhs6TGfnXKtNEzVe48aLfmB6bKNjdKsD',
      outputMint: '7gQqK6wWf1gAc7f2R4oQ18Q4m6Vazr1umgktSGsnJZny',
      amount: '40000000',
      taker: address,
    });
    const order = (await (await fetch(`${server.url}/swap/v2/order?${query}`, { headers: { 'x-api-key': 'k' } })).json()) as {
      transaction: string;
    };
    return [order.transaction, Buffer.from(secretKey).toString('base64')];
  } finally {
    await server.close();
  }
}

export async function measureSigningColdStarts() {
  const args = await swapToSign();
  // The two programs must sign alike (Ed25519 is deterministic): checked once, on Node.
  const signed = [COLD_PROGRAMS.x, COLD_PROGRAMS.baseline].map(
    (p) => (JSON.parse(execFileSync(process.execPath, [p.file, ...args], { encoding: 'utf8' }).trim()) as { signed: string }).signed,
  );
  if (signed[0] !== signed[1]) throw new Error('@x/signing and web3.js signed the swap differently');
  return measureColdStarts(Object.values(COLD_PROGRAMS), args);
}

if (import.meta.url === `file://${process.argv[1]}`) console.log(await measureSigningColdStarts());
