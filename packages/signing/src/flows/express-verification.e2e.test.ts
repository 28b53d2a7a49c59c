/**
 * Express verification end to end against the @x/mock simulator: eligibility, craft, sign, execute
 * (the signed payment goes in `transaction`; the simulator validates the body against the spec).
 */
import { createClient } from '@x/fetch-client';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MINTS, startHarness, type Harness } from '../../test/simulator-harness.js';
import { FlowError } from '../errors.js';
import { inspectTransaction } from '../inspect.js';
import { expressVerify } from './express-verification.js';
import { rejection } from '../../test/rejection.js';

/** An unverified token the simulator knows. */
const TOKEN = MINTS.EXAMPLE_TOKEN;

let h: Harness;
beforeEach(async () => {
  h = await startHarness();
});
afterEach(async () => {
  await h.close();
});

const calls = (path: string) => h.requests.filter((r) => r.path === path).length;
const base = () => ({
  client: h.api,
  signer: h.wallet,
  tokenId: TOKEN,
  twitterHandle: '@example',
  description: 'Example token',
  sleep: h.sleep,
  now: h.now,
});

const failure = (promise: Promise<unknown>, code: string) => rejection(promise, FlowError, code);

describe('expressVerify against the simulator', () => {
  it('pays 1000 PLATFORM_TOKEN directly and submits; the token is verified', async () => {
    const before = h.sim.control.getBalance(h.wallet.address, MINTS.PLATFORM_TOKEN)!;
    const result = await expressVerify({ ...base(), tokenMetadata: { name: 'Example', symbol: 'EXM' } });

    expect(result.eligibility?.canVerify).toBe(true);
    expect(result.execution).toMatchObject({ status: 'Success', verificationCreated: true, metadataCreated: true });
    expect(result.execution.signature).toBe(inspectTransaction(result.signedTransaction).signers[0]?.signature);
    expect(h.sim.control.getBalance(h.wallet.address, MINTS.PLATFORM_TOKEN)).toBe(before - 1_000_000_000n);
    const { data } = await h.api.tokensCheckExpressEligibility({ query: { tokenId: TOKEN } });
    expect(data.isVerified).toBe(true);
  });

  it('works with a client in result mode (throwOnError: false)', async () => {
    const api = createClient({ baseUrl: h.server.url, apiKey: 'test-key', throwOnError: false });
    const result = await expressVerify({ ...base(), client: api });
    expect(result.execution.status).toBe('Success');
    h.sim.control.setTokenVerification(TOKEN, { verified: true });
    const error = await failure(expressVerify({ ...base(), client: api }), 'EXPRESS_NOT_ELIGIBLE');
    expect(error.details.step).toBe('eligibility');
  });

  it('pays in another currency: the quoted input amount is sent as paymentAmount', async () => {
    const before = h.sim.control.getBalance(h.wallet.address, MINTS.STABLECOIN_USD)!;
    const result = await expressVerify({ ...base(), paymentCurrency: 'STABLECOIN_USD' });
    expect(result.craft.quotedInputAmount).toBeDefined();
    expect(result.execution.status).toBe('Success');
    expect(h.sim.control.getBalance(h.wallet.address, MINTS.STABLECOIN_USD)).toBe(before - BigInt(result.craft.quotedInputAmount!));
  });

  it('an already verified token stops at the eligibility step', async () => {
    const error = await failure(expressVerify({ ...base(), tokenId: MINTS.PLATFORM_TOKEN }), 'EXPRESS_NOT_ELIGIBLE');
    expect(error.details).toMatchObject({ step: 'eligibility', isVerified: true });
    expect(calls('/tokens/v2/verify/express/craft-txn')).toBe(0);
  });

  it('without the eligibility step, the 409 of execute is EXPRESS_NOT_ELIGIBLE', async () => {
    h.sim.control.setTokenVerification(TOKEN, { verified: true });
    const error = await failure(expressVerify({ ...base(), checkEligibility: false }), 'EXPRESS_NOT_ELIGIBLE');
    expect(error.details).toMatchObject({ step: 'execute', status: 409 });
    expect(calls('/tokens/v2/verify/express/check-eligibility')).toBe(0);
  });

  it('a craft the service refuses (not enough to pay) is a REQUEST_FAILED of the craft step', async () => {
    h.sim.control.setBalance(h.wallet.address, 'PLATFORM_TOKEN', 5);
    const error = await failure(expressVerify(base()), 'REQUEST_FAILED');
    expect(error.details).toMatchObject({ step: 'craft', status: 400 });
    expect(calls('/tokens/v2/verify/express/execute')).toBe(0);
  });
});
