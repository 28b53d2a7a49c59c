// Cold start of the floor (as bench/overhead.ts's): raw fetch making the same first call with the
// safety the client keeps, a time limit that aborts the request and the size cap's checks.
const t0 = performance.now();
const query = new URLSearchParams({
  inputMint: 'D6gqDYHvpEparhs6TGfnXKtNEzVe48aLfmB6bKNjdKsD',
  outputMint: '7gQqK6wWf1gAc7f2R4oQ18Q4m6Vazr1umgktSGsnJZny',
  amount: '100000000',
});
const controller = new AbortController();
const timer = setTimeout(() => controller.abort(), 30_000);
try {
  const response = await fetch(`${process.argv.at(-1)}/swap/v2/order?${query}`, {
    headers: { 'x-api-key': 'bench-key', accept: 'application/json' },
    signal: controller.signal,
  });
  const declared = Number(response.headers.get('content-length') ?? Number.NaN);
  if (!response.ok || !(declared <= 10_485_760) || response.headers.has('content-encoding')) throw new Error('not capped');
  if (!JSON.parse(await response.text()).requestId) throw new Error('no requestId');
} finally {
  clearTimeout(timer);
}
console.log(JSON.stringify({ ms: performance.now() - t0 }));
