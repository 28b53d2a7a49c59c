/**
 * The transactions no flow covers (trigger v1 create and cancel, lend borrow operate), signed with
 * the expectations the README tells a caller to pass, against the @x/mock simulator: what is
 * stated there signs the service's answers, and refuses a transaction that moves value out.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { inspectTransaction, signTransaction, TransactionRejectedError, type SignTransactionExpectations } from '../src/index.js';
import { MINTS, startHarness, type Harness } from './simulator-harness.js';
import { buildTransaction, randomAddress, system } from './fixtures.js';
import { rejection } from './rejection.js';

let h: Harness;
beforeEach(async () => {
  h = await startHarness();
});
afterEach(async () => {
  await h.close();
});

/** What the README says to pass when the wallet pays and nothing may leave it by a top-level instruction. */
const nothingOut = (programs?: readonly string[]): SignTransactionExpectations => ({
  expect: { transfers: [], allowDestinations: [] },
  maxPriorityFeeLamports: 100_000,
  ...(programs ? { programs } : {}),
});

/** A transaction of the same blockhash and fee payer that moves native coin out of the wallet to a stranger. */
function withTransferOut(transaction: string, wallet: string): string {
  const info = inspectTransaction(transaction);
  return buildTransaction({
    version: 0,
    feePayer: wallet as never,
    blockhash: info.blockhash,
    instructions: [system.transfer(wallet, randomAddress(), 1_000_000n)],
  }).base64;
}

describe('transactions without a flow, signed as the README says', () => {
  it('trigger v1: createOrder and cancelOrder sign with nothing out of the maker, and land', async () => {
    const maker = h.wallet.address;
    const { data: created } = await h.api.triggerV1CreateOrder({
      body: {
        maker,
        payer: maker,
        inputMint: MINTS.PLATFORM_TOKEN,
        outputMint: MINTS.STABLECOIN_USD,
        params: { makingAmount: '40000000', takingAmount: '30000000' },
      },
      throwOnError: true,
    });
    const programs = inspectTransaction(created.transaction).programIds;
    const signed = await signTransaction(created.transaction, h.wallet, { ...nothingOut(programs), feePayer: maker });
    const { data: executed } = await h.api.triggerV1Execute({
      body: { requestId: created.requestId, signedTransaction: signed },
      throwOnError: true,
    });
    expect(executed.status).toBe('Success');

    const { data: cancel } = await h.api.triggerV1CancelOrder({ body: { maker, order: created.order }, throwOnError: true });
    const signedCancel = await signTransaction(cancel.transaction, h.wallet, nothingOut(programs));
    const { data: cancelled } = await h.api.triggerV1Execute({
      body: { requestId: cancel.requestId, signedTransaction: signedCancel },
      throwOnError: true,
    });
    expect(cancelled.status).toBe('Success');

    await rejection(
      signTransaction(withTransferOut(cancel.transaction, maker), h.wallet, nothingOut()),
      TransactionRejectedError,
      'UNEXPECTED_TRANSFER',
    );
  });

  it('lend: a borrow operate transaction signs with nothing out of the signer', async () => {
    const { data } = await h.api.lendBorrowOperate({
      body: { vaultId: 1, positionId: 0, signer: h.wallet.address, colAmount: '100000000', debtAmount: '1000000' },
      throwOnError: true,
    });
    const signed = await signTransaction(data.transaction, h.wallet, nothingOut());
    expect(inspectTransaction(signed).signers[0]?.signed).toBe(true);
    await rejection(
      signTransaction(withTransferOut(data.transaction, h.wallet.address), h.wallet, nothingOut()),
      TransactionRejectedError,
      'UNEXPECTED_TRANSFER',
    );
  });
});
