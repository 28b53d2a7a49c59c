// Cold start of openapi-fetch making the same first call as x-fetch-client.mjs.
const t0 = performance.now();
const { default: createClient } = await import('openapi-fetch');
const client = createClient({ baseUrl: process.argv.at(-1), headers: { 'x-api-key': 'bench-key' } });
const { data, error } = await client.GET('/swap/v2/order', {
  params: {
    query: {
      inputMint: 'D6gqDYHvpEparhs6TGfnXKtNEzVe48aLfmB6bKNjdKsD',
      outputMint: '7gQqK6wWf1gAc7f2R4oQ18Q4m6Vazr1umgktSGsnJZny',
      amount: '100000000',
    },
  },
});
if (error || !data.requestId) throw new Error('no requestId');
console.log(JSON.stringify({ ms: performance.now() - t0 }));
