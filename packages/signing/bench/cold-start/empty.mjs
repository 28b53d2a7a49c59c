// Cold-start baseline: a fresh process that does nothing but answer (the runtime's own start).
const t0 = performance.now();
console.log(JSON.stringify({ ms: performance.now() - t0 }));
