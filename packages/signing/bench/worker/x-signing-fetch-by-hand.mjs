// x-packages.mjs with kit-alone.mjs's HTTP calls: @x/signing's swap flow (every check, polling,
// reorders) on two fetch calls written by hand, as kit-alone.mjs makes them (no time limit, no size
// cap, no retries). The bundle-size bench prints it beside the other two to split the difference
// between them into what @x/signing costs and what @x/fetch-client costs.
import { signerFromSecretKey } from '@x/signing';
import { swap } from '@x/signing/flows';

/** The two operations the swap flow calls, in the shape of an @x/fetch-client client (`{ data }` or `{ error }`). */
function swapClient(env) {
  const headers = { 'x-api-key': env.API_KEY, accept: 'application/json' };
  const answer = async (response) =>
    response.ok
      ? { data: await response.json() }
      : { error: { status: response.status, body: await response.json().catch(() => undefined) } };
  return {
    swapGetOrder: async ({ query, signal }) =>
      answer(await fetch(`${env.API_URL}/swap/v2/order?${new URLSearchParams(query)}`, { headers, signal })),
    swapExecute: async ({ body, signal }) =>
      answer(
        await fetch(`${env.API_URL}/swap/v2/execute`, {
          method: 'POST',
          headers: { ...headers, 'content-type': 'application/json' },
          body: JSON.stringify(body),
          signal,
        }),
      ),
  };
}

export default {
  async fetch(_request, env) {
    const signer = await signerFromSecretKey(Uint8Array.from(atob(env.SECRET_KEY), (c) => c.charCodeAt(0)));
    const { execution } = await swap({
      client: swapClient(env),
      signer,
      order: { inputMint: env.INPUT_MINT, outputMint: env.OUTPUT_MINT, amount: env.AMOUNT },
    });
    return Response.json(execution);
  },
};
