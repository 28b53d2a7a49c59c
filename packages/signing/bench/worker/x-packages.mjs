// A worker that signs and executes one swap with @x/signing and @x/fetch-client (the bundle-size
// bench measures it against kit-alone.mjs, the same program written with @solana/kit alone).
// env: API_URL, API_KEY, SECRET_KEY (64 bytes, base64), INPUT_MINT, OUTPUT_MINT, AMOUNT.
import { createClient } from '@x/fetch-client';
import { signerFromSecretKey } from '@x/signing';
import { swap } from '@x/signing/flows';

export default {
  async fetch(_request, env) {
    const client = createClient({ baseUrl: env.API_URL, apiKey: env.API_KEY });
    const signer = await signerFromSecretKey(Uint8Array.from(atob(env.SECRET_KEY), (c) => c.charCodeAt(0)));
    const { execution } = await swap({
      client,
      signer,
      order: { inputMint: env.INPUT_MINT, outputMint: env.OUTPUT_MINT, amount: env.AMOUNT },
    });
    return Response.json(execution);
  },
};
