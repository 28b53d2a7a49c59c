// The swap worker of x-packages.mjs written with @solana/kit alone: order, sign, execute, with
// fetch and kit's codecs and signer (no checks of what the transaction does, no retries).
import {
  createKeyPairFromBytes,
  getAddressFromPublicKey,
  getBase64EncodedWireTransaction,
  getBase64Encoder,
  getTransactionDecoder,
  signTransaction,
} from '@solana/kit';

export default {
  async fetch(_request, env) {
    const keyPair = await createKeyPairFromBytes(Uint8Array.from(atob(env.SECRET_KEY), (c) => c.charCodeAt(0)));
    const taker = await getAddressFromPublicKey(keyPair.publicKey);
    const headers = { 'x-api-key': env.API_KEY, accept: 'application/json' };
    const query = new URLSearchParams({ inputMint: env.INPUT_MINT, outputMint: env.OUTPUT_MINT, amount: env.AMOUNT, taker });
    const orderResponse = await fetch(`${env.API_URL}/swap/v2/order?${query}`, { headers });
    if (!orderResponse.ok) throw new Error(`order: ${orderResponse.status}`);
    const order = await orderResponse.json();
    const transaction = getTransactionDecoder().decode(getBase64Encoder().encode(order.transaction));
    const signed = await signTransaction([keyPair], transaction);
    const executeResponse = await fetch(`${env.API_URL}/swap/v2/execute`, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json' },
      body: JSON.stringify({ signedTransaction: getBase64EncodedWireTransaction(signed), requestId: order.requestId }),
    });
    if (!executeResponse.ok) throw new Error(`execute: ${executeResponse.status}`);
    return Response.json(await executeResponse.json());
  },
};
