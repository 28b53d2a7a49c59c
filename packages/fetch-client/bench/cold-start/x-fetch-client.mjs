// Cold start of @x/fetch-client (the built package): import, build a client, first call.
// Argument: the base URL of the bench server.
const t0 = performance.now();
const { createClient } = await import('../../dist/index.js');
const client = createClient({ baseUrl: process.argv.at(-1), apiKey: 'bench-key' });
const { data } = await client.swapGetOrder({
  query: {
    inputMint: 'D6gqDYHvpEparhs6TGfnXKtNEzVe48aLfmB6bKNjdKsD',
    outputMint: '7gQqK6wWf1gAc7f2R4oQ18Q4m6Vazr1umgktSGsnJZny',
    amount: '100000000',
  },
});
if (!data.requestId) throw new Error('no requestId');
console.log(JSON.stringify({ ms: performance.now() - t0 }));
