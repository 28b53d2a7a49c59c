// Cold start of @x/signing (the built package): import, a signer from a secret key, the first
// signature of a swap transaction (with the default checks). Arguments: the transaction and the
// 64-byte secret key, base64. Prints the signed transaction too (the bench compares it with web3.js's).
const t0 = performance.now();
const [transaction, secretKey] = process.argv.slice(-2);
const { signerFromSecretKey, signTransaction } = await import('../../dist/index.js');
const signer = await signerFromSecretKey(Uint8Array.from(atob(secretKey), (c) => c.charCodeAt(0)));
const signed = await signTransaction(transaction, signer);
console.log(JSON.stringify({ ms: performance.now() - t0, signed }));
