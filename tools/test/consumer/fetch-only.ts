// The smallest consumer: @x/fetch-client, @x/types and @x/openapi alone (the packages whose engines
// floor is the lowest), run on that floor against a simulator served elsewhere (X_BASE_URL).
import { createClient, getSwapOrderFailure } from '@x/fetch-client';
import type { SwapOrderResponse } from '@x/types';
import { mintOf } from './world.js';

// the two Node globals this program reads (the project installs no @types/node)
declare const process: { readonly env: Record<string, string | undefined>; readonly version: string };

const PLATFORM_TOKEN = mintOf('PLATFORM_TOKEN');
const STABLECOIN_USD = mintOf('STABLECOIN_USD');

const baseUrl = process.env.X_BASE_URL;
if (!baseUrl) throw new Error('X_BASE_URL is not set');
const api = createClient({ baseUrl, apiKey: 'consumer-key' });
const { data } = await api.swapGetOrder({ query: { inputMint: PLATFORM_TOKEN, outputMint: STABLECOIN_USD, amount: '40000000' } });
const order: SwapOrderResponse = data;
const failure = getSwapOrderFailure(order);
if (failure) throw new Error(`order failed: ${failure.meaning}`);
console.log(`fetch-client on ${process.version}: ${order.router} ${order.inAmount} -> ${order.outAmount}`);
