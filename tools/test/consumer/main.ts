// A consumer program, type-checked with strict tsc against the packages installed from the
// registry and run on the engines floor and on Node 24: the example world's mints read from the
// spec package, a swap order validated against the spec, a swap through the simulator signed and
// executed in one call, and a prediction market read with its types.
import { createClient, getSwapOrderFailure } from '@x/fetch-client';
import { createSimulator } from '@x/mock';
import { listen } from '@x/mock/node';
import { inspectTransaction, signerFromKeyPair } from '@x/signing';
import { swap } from '@x/signing/flows';
import { operation, validateResponse } from '@x/openapi/reader';
import type { PredictionMarket, SwapOrderResponse } from '@x/types';
import { mintOf } from './world.js';

const PLATFORM_TOKEN = mintOf('PLATFORM_TOKEN');
const STABLECOIN_USD = mintOf('STABLECOIN_USD');

const sim = createSimulator({ now: Date.now() });
const server = await listen(sim, { host: '127.0.0.1', port: 0 });
try {
  const api = createClient({ baseUrl: server.url, apiKey: 'consumer-key' });
  const wallet = await signerFromKeyPair((await crypto.subtle.generateKey('Ed25519', false, ['sign', 'verify'])) as CryptoKeyPair);

  const { data: order } = await api.swapGetOrder({
    query: { inputMint: PLATFORM_TOKEN, outputMint: STABLECOIN_USD, amount: '40000000', taker: wallet.address },
  });
  const typed: SwapOrderResponse = order;
  const failure = getSwapOrderFailure(typed);
  if (failure || !typed.transaction) throw new Error(`order failed: ${failure?.meaning ?? 'no transaction'}`);
  const inspected = inspectTransaction(typed.transaction);
  console.log(
    `order: ${typed.router} ${typed.inAmount} -> ${typed.outAmount}, fee payer ${inspected.feePayer === wallet.address ? 'taker' : 'other'}`,
  );
  const checked = validateResponse(operation('swapGetOrder'), { status: 200, body: order });
  console.log(
    `spec: ${operation('swapGetOrder').method} ${operation('swapGetOrder').path} answer ${checked.valid ? 'valid' : `invalid ${checked.errors.join('; ')}`}`,
  );

  const result = await swap({
    client: api,
    signer: wallet,
    order: { inputMint: PLATFORM_TOKEN, outputMint: STABLECOIN_USD, amount: '40000000' },
  });
  console.log(`swap: ${result.execution.status} code ${result.execution.code}`);

  // The list names each market by id only (as the service does); the event detail gives them whole.
  const { data: events } = await api.predictionListEvents({ query: { includeMarkets: true, category: 'sports' } });
  const first = events.data[0];
  const detail = first ? (await api.predictionGetEvent({ path: { eventId: first.eventId } })).data : undefined;
  const entry = detail?.markets?.[0];
  const market: PredictionMarket | undefined = entry && 'status' in entry ? entry : undefined;
  console.log(`prediction: ${events.pagination.total} sports events, first market ${market?.status ?? 'none'}`);
  console.log('consumer: ok');
} finally {
  await server.close();
}
