import { loadSpec } from '@x/openapi/reader';
import { describe, expect, it } from 'vitest';
import { catalogue as generated, defs as generatedDefs } from '../src/gen/catalogue.gen.js';
import { buildCatalogue } from './build-catalogue.ts';
import { documentWithTrialOperations } from './trial-operation.ts';

const tables = { bearerOperations: [], pagedOperations: {} };

describe('buildCatalogue', () => {
  it('is what the generated catalogue holds (the build wrote it from the same function)', () => {
    const built = buildCatalogue(loadSpec(), {
      bearerOperations: generated.filter((op) => op.bearer).map((op) => op.operationId),
      pagedOperations: Object.fromEntries(generated.filter((op) => op.paged).map((op) => [op.operationId, op.paged!])),
    });
    expect(built.catalogue).toEqual(generated);
    expect(built.defs).toEqual(generatedDefs);
  });

  it('an operation added to the spec is a new entry, command and rules included, with no other edit', () => {
    const { catalogue } = buildCatalogue(documentWithTrialOperations(), tables);
    expect(catalogue.length).toBe(generated.length + 2);
    const count = catalogue.find((op) => op.operationId === 'predictionGetTrialMarketCount')!;
    expect(count).toMatchObject({ command: 'prediction-get-trial-market-count', area: 'Prediction', access: 'read', method: 'GET' });
    expect(count.parameters).toEqual([
      expect.objectContaining({
        name: 'eventId',
        in: 'query',
        required: true,
        type: 'string',
        rules: ['at least 3 characters'],
        example: 'evt-1',
      }),
    ]);
    const prepare = catalogue.find((op) => op.operationId === 'lendTrialPrepare')!;
    expect(prepare).toMatchObject({ command: 'lend-trial-prepare', access: 'prepare', unsignedTransactionFields: ['transaction'] });
    expect(prepare.defs).toEqual({ request: ['PublicKey'], answer: ['Base64Transaction'] });
  });

  it('names the answer fields the spec marks x-sensitive (credentials a bin never shows a model)', () => {
    const verify = generated.find((op) => op.operationId === 'triggerV2VerifyChallenge')!;
    expect(verify.sensitiveAnswerFields).toEqual(['token']);
    expect(generated.filter((op) => op.sensitiveAnswerFields.length > 0).map((op) => op.operationId)).toEqual(['triggerV2VerifyChallenge']);
  });

  it('names the sign-in steps (x-sign-in) and the bearer scheme whose token they issue; refuses a mark naming no bearer scheme', () => {
    expect(generated.filter((op) => op.signIn).map((op) => [op.operationId, op.signIn])).toEqual([
      ['triggerV2CreateChallenge', 'TriggerJwt'],
      ['triggerV2VerifyChallenge', 'TriggerJwt'],
    ]);
    const doc = documentWithTrialOperations() as { paths: Record<string, { post?: Record<string, unknown> }> };
    doc.paths['/lend/v1/trial-prepare']!.post!['x-sign-in'] = 'ApiKey';
    expect(() => buildCatalogue(doc as never, tables)).toThrow(/lendTrialPrepare: x-sign-in must name a bearer security scheme/);
  });

  it('an operation marked both x-prepares-transaction and x-side-effects is a change that still names its unsigned transaction', () => {
    const doc = documentWithTrialOperations() as { paths: Record<string, { post?: Record<string, unknown> }> };
    doc.paths['/lend/v1/trial-prepare']!.post!['x-side-effects'] = true;
    const trial = buildCatalogue(doc as never, tables).catalogue.find((op) => op.operationId === 'lendTrialPrepare')!;
    expect(trial).toMatchObject({ access: 'change', unsignedTransactionFields: ['transaction'] });
    expect(generated.find((op) => op.operationId === 'triggerV2CancelPriceOrder')).toMatchObject({
      access: 'change',
      unsignedTransactionFields: ['transaction'],
    });
  });

  it('refuses an answer holding an unsigned transaction on an operation the spec does not mark x-prepares-transaction', () => {
    const doc = documentWithTrialOperations() as { paths: Record<string, { post?: Record<string, unknown> }> };
    delete doc.paths['/lend/v1/trial-prepare']!.post!['x-prepares-transaction'];
    expect(() => buildCatalogue(doc as never, tables)).toThrow(/lendTrialPrepare: its answer holds an unsigned transaction/);
  });
});

describe('buildCatalogue: what a repeat does', () => {
  it('names the writes the spec marks x-safe-to-retry, and x-already-exists with its status, record field and read', () => {
    expect(generated.filter((op) => op.safeToRetry).map((op) => op.operationId)).toEqual(['swapExecute']);
    expect(generated.filter((op) => op.alreadyExists).map((op) => [op.operationId, op.alreadyExists])).toEqual([
      ['triggerV2RegisterVault', { status: 409, record: 'details', read: 'triggerV2GetVault' }],
    ]);
  });

  it('refuses an x-already-exists whose status is not a response of the operation, or whose read is not a read', () => {
    const marked = (mark: unknown) => {
      const doc = documentWithTrialOperations() as { paths: Record<string, { post?: Record<string, unknown> }> };
      doc.paths['/lend/v1/trial-prepare']!.post!['x-already-exists'] = mark;
      return doc as never;
    };
    expect(() => buildCatalogue(marked({ status: 418, record: 'details', read: 'triggerV2GetVault' }), tables)).toThrow(
      /lendTrialPrepare: x-already-exists needs the status/,
    );
    expect(() => buildCatalogue(marked({ status: 200, record: 'details', read: 'triggerV2RegisterVault' }), tables)).toThrow(
      /lendTrialPrepare: x-already-exists must name a read/,
    );
  });
});
