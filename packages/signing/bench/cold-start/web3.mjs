// Cold start of @solana/web3.js doing what x-signing.mjs does: import, a keypair from the secret
// key, deserialize, sign and serialize the same transaction.
const t0 = performance.now();
const [transaction, secretKey] = process.argv.slice(-2);
const { Keypair, VersionedTransaction } = await import('@solana/web3.js');
const keypair = Keypair.fromSecretKey(Uint8Array.from(atob(secretKey), (c) => c.charCodeAt(0)));
const tx = VersionedTransaction.deserialize(Uint8Array.from(atob(transaction), (c) => c.charCodeAt(0)));
tx.sign([keypair]);
const signed = btoa(Array.from(tx.serialize(), (b) => String.fromCharCode(b)).join(''));
console.log(JSON.stringify({ ms: performance.now() - t0, signed }));
