import { describe, expect, it } from 'vitest';
import { buildCatalogue } from '../../catalogue/tools/build-catalogue.ts';
import { documentWithTrialOperations } from '../../catalogue/tools/trial-operation.ts';
import { catalogue } from '@x/catalogue';
import { dynamicTools } from './dynamic.js';
import { type CatalogueSource, TOOL_MODES, type ToolMode, toolDescription, toolsFor } from './tools.js';

// The trial of @x/catalogue: two operations added to a copy of the spec, nothing else.
const trial = buildCatalogue(documentWithTrialOperations(), { bearerOperations: [], pagedOperations: {} });
const names = (mode: ToolMode, source: CatalogueSource = trial) => toolsFor(mode, source).map((tool) => tool.definition.name);
/** The tools of the spec's own catalogue. */
const specNames = (mode: ToolMode) => toolsFor(mode).map((tool) => tool.definition.name);

describe('toolsFor', () => {
  it('an operation added to the spec is a tool of the modes its marks say, with no other edit', () => {
    expect(names('read')).toContain('predictionGetTrialMarketCount');
    expect(names('read')).not.toContain('lendTrialPrepare');
    expect(names('prepare')).toEqual(expect.arrayContaining(['predictionGetTrialMarketCount', 'lendTrialPrepare']));
    expect(names('all').length).toBe(toolsFor('all').length + 2);
  });

  it("the trial tools' schemas come from the spec: the rule of the parameter, the body, the unsigned transaction", () => {
    const count = toolsFor('read', trial).find((tool) => tool.definition.name === 'predictionGetTrialMarketCount')!.definition;
    expect(count.inputSchema).toMatchObject({ properties: { eventId: { type: 'string', minLength: 3 } }, required: ['eventId'] });
    const prepare = toolsFor('prepare', trial, { outputSchemas: true }).find(
      (tool) => tool.definition.name === 'lendTrialPrepare',
    )!.definition;
    expect(prepare.inputSchema.required).toEqual(['body']);
    expect(prepare.description).toBe('An unsigned trial lend transaction for a wallet. Prepare-only (unsigned; see preparedTransactions).');
    expect(Object.keys(prepare.outputSchema!.properties as object)).toEqual(['status', 'result', 'preparedTransactions']);
    // PublicKey, a string, is written in place of its $ref in the input schema (it costs less)
    expect(prepare.inputSchema.$defs).toBeUndefined();
    expect(JSON.stringify(prepare.inputSchema)).not.toContain('$ref');
    expect(Object.keys(prepare.outputSchema!.$defs as object)).toEqual(['Base64Transaction']);
  });

  it('a prepare that answers instructions, not a transaction, is not pointed at a preparedTransactions it never fills', () => {
    const tools = toolsFor('prepare', undefined, { outputSchemas: true });
    for (const name of ['swapGetBuild', 'lendBorrowOperateInstructions']) {
      const tool = tools.find((t) => t.definition.name === name)!;
      expect(tool.operation.unsignedTransactionFields).toEqual([]);
      expect(tool.prepares, name).toBe(false);
      expect(tool.definition.description, name).toMatch(/Prepare-only \(unsigned\)\.$/);
      expect(tool.definition.outputSchema!.properties, name).not.toHaveProperty('preparedTransactions');
    }
    const operate = tools.find((t) => t.definition.name === 'lendBorrowOperate')!;
    expect(operate.prepares).toBe(true);
    expect(operate.definition.description).toMatch(/see preparedTransactions/);
  });

  it('an operation that answers an unsigned transaction but also changes state is no tool of prepare mode; in all mode its transaction is still decoded', () => {
    // trigger v2 initiate-cancel: the order leaves `open` (it no longer fills) before anything is signed
    expect(toolsFor('prepare').map((t) => t.definition.name)).not.toContain('triggerV2CancelPriceOrder');
    const cancel = toolsFor('all', undefined, { outputSchemas: true }).find((t) => t.definition.name === 'triggerV2CancelPriceOrder')!;
    expect(cancel.operation.access).toBe('change');
    expect(cancel.prepares).toBe(true);
    expect(cancel.definition.annotations).toMatchObject({ readOnlyHint: false, destructiveHint: true });
    expect(cancel.definition.description).toMatch(/Changes state: only when the user asked for exactly this\. .*see preparedTransactions/);
    expect(cancel.definition.outputSchema!.properties).toHaveProperty('preparedTransactions');
  });

  it('no mode offers a step of the sign-in (x-sign-in): this server cannot sign the challenge, and the token verify answers never reaches a model', () => {
    const signIn = catalogue.filter((op) => op.signIn !== undefined).map((op) => op.operationId);
    expect(signIn).toEqual(['triggerV2CreateChallenge', 'triggerV2VerifyChallenge']);
    for (const mode of TOOL_MODES) for (const name of signIn) expect(specNames(mode), `${mode} ${name}`).not.toContain(name);
    // the operations that take the token the sign-in issues stay tools (given --bearer-token, they work)
    expect(specNames('all')).toEqual(expect.arrayContaining(['triggerV2CreatePriceOrder', 'triggerV2GetOrderHistory']));
  });

  it('a tool whose answer holds a credential (x-sensitive) says it is withheld, instead of promising it', () => {
    // (no tool of the spec answers one now that the sign-in is no tool: verify, unmarked, shows how it would read)
    const verify = catalogue.find((op) => op.operationId === 'triggerV2VerifyChallenge')!;
    const { signIn: _, ...unmarked } = verify;
    expect(toolDescription(unmarked, 'all')).toContain('`token` is withheld (a credential, never shown to a model)');
    expect(toolsFor('all').filter((t) => /withheld/.test(t.definition.description))).toEqual([]);
  });

  it("a parameter a mode leaves out (swap order's taker in read) is said to be left out, not offered by the description", () => {
    const tools = toolsFor('read').filter((t) => t.omitted !== undefined);
    expect(tools.map((t) => [t.definition.name, t.omitted])).toEqual([['swapGetOrder', 'taker']]);
    for (const tool of tools) {
      expect(tool.definition.inputSchema.properties).not.toHaveProperty(tool.omitted!);
      expect(tool.definition.description).toContain(`\`${tool.omitted}\` is left out here: read-only tools prepare nothing.`);
    }
    const prepare = toolsFor('prepare').find((t) => t.definition.name === 'swapGetOrder')!;
    expect(prepare.definition.description).not.toMatch(/left out/);
  });

  it('output schemas only on request', () => {
    expect(toolsFor('all').every((tool) => tool.definition.outputSchema === undefined)).toBe(true);
    expect(toolsFor('all', undefined, { outputSchemas: true }).every((tool) => tool.definition.outputSchema?.type === 'object')).toBe(true);
  });
});

describe('tool annotations, from the spec', () => {
  const annotationsOf = (name: string) => toolsFor('all').find((tool) => tool.definition.name === name)!.definition.annotations;

  it('a read and a prepare-only tool change nothing at the service: read-only (prepare tools said readOnlyHint false)', () => {
    for (const tool of toolsFor('prepare')) {
      expect(tool.operation.access, tool.definition.name).not.toBe('change');
      expect(tool.definition.annotations, tool.definition.name).toEqual({
        readOnlyHint: true,
        destructiveHint: false,
        idempotentHint: true,
        openWorldHint: true,
      });
    }
    // A POST that only prepares (trigger v1 create: an unsigned transaction, nothing recorded) is one of them.
    expect(annotationsOf('triggerV1CreateOrder')).toMatchObject({ readOnlyHint: true, idempotentHint: true });
  });

  it('a change is idempotent when the spec says a repeat applies nothing more (x-safe-to-retry, x-already-exists), and otherwise not', () => {
    // swap execute: the same signed transaction re-sent only polls its outcome
    expect(annotationsOf('swapExecute')).toEqual({ readOnlyHint: false, destructiveHint: true, idempotentHint: true, openWorldHint: true });
    // vault register: a repeat answers 409 with the vault the first made; it only creates (additive)
    expect(annotationsOf('triggerV2RegisterVault')).toEqual({
      readOnlyHint: false,
      destructiveHint: false,
      idempotentHint: true,
      openWorldHint: true,
    });
    // initiate-cancel, tx submit: a repeat is not known to be harmless
    for (const name of ['triggerV2CancelPriceOrder', 'txSubmit', 'triggerV2CreatePriceOrder'])
      expect(annotationsOf(name), name).toEqual({ readOnlyHint: false, destructiveHint: true, idempotentHint: false, openWorldHint: true });
  });
});

describe('the annotations of the dynamic tools (search, describe, call)', () => {
  const dynamic = (mode: ToolMode) =>
    Object.fromEntries(dynamicTools(toolsFor(mode), mode).definitions.map((definition) => [definition.name, definition.annotations]));

  it("search and describe read this server's own catalogue: read-only, a closed world (they said openWorldHint true)", () => {
    for (const mode of TOOL_MODES)
      for (const name of ['search_operations', 'describe_operation'])
        expect(dynamic(mode)[name], `${mode} ${name}`).toEqual({
          readOnlyHint: true,
          destructiveHint: false,
          idempotentHint: true,
          openWorldHint: false,
        });
  });

  it('call_operation is what the tools it can call are: read-only in read and prepare modes (prepare said false), not in all', () => {
    expect(dynamic('read').call_operation).toEqual({
      readOnlyHint: true,
      destructiveHint: false,
      idempotentHint: true,
      openWorldHint: true,
    });
    expect(dynamic('prepare').call_operation).toEqual({
      readOnlyHint: true,
      destructiveHint: false,
      idempotentHint: true,
      openWorldHint: true,
    });
    expect(dynamic('all').call_operation).toEqual({
      readOnlyHint: false,
      destructiveHint: true,
      idempotentHint: false,
      openWorldHint: true,
    });
  });
});
