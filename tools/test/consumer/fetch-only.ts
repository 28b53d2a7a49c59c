// The smallest consumer: @x/fetch-client and @x/types alone (the packages whose engines floor is
// the lowest), run on that floor against a simulator served elsewhere (X_BASE_URL).
import { createClient, getSwapOrderFailure } from '@x/fetch-client';
import type { SwapOrderResponse } from '@x/types';

// the two Node globals this program reads (the project installs no @types/node)
declare const process: { readonly env: Record<string, string | undefined>; readonly version: string };

const PLATFORM_TOKEN = 'D6gqDYHvpEparhs6TGfnXKtNEzVe48aLfmB6bKNjdKsD';
const STABLECOIN_USD = '7gQqK6wWf1gAc7f2R4oQ18Q4m6Vazr1umgktSGsnJZny';

const baseUrl = process.env['X_BASE_URL'];
if (!baseUrl) throw new Error('X_BASE_URL is not set');
const api = createClient({ baseUrl, apiKey: 'consumer-key' });
const { data } = await api.swapGetOrder({ query: { inputMint: PLATFORM_TOKEN, outputMint: STABLECOIN_USD, amount: '40000000' } });
const order: SwapOrderResponse = data;
const failure = getSwapOrderFailure(order);
if (failure) throw new Error(`order failed: ${failure.meaning}`);
console.log(`fetch-client on ${process.version}: ${order.router} ${order.inAmount} -> ${order.outAmount}`);
