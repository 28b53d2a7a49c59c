// The tools of a mode, made from the catalogue (@x/catalogue) (generated from the spec at build time):
// one tool per operation, named by its operationId, described by the spec's `x-agent-summary`,
// with a lean input schema from its parameters and body and, on request, an output schema from
// its success body.
import { type CatalogueOperation, catalogue, defs, type JsonSchemaObject } from '@x/catalogue';
import { SIZED_SCHEMA, SIZING_PROPERTIES, sizedAnswers } from './answer.js';
import { inlineDefs, leanSchema, openEnumsAsExamples, tolerantSchema } from './lean.js';

/** A catalogue and its schemas: the generated one of `@x/catalogue` unless a test builds another. */
export interface CatalogueSource {
  catalogue: ReadonlyArray<CatalogueOperation>;
  defs: Readonly<Record<string, JsonSchemaObject>>;
}

/** `read`: operations that only read; `prepare` (default): also those that answer with an unsigned transaction; `all`: every operation. */
export type ToolMode = 'read' | 'prepare' | 'all';
export const TOOL_MODES: ReadonlyArray<ToolMode> = ['read', 'prepare', 'all'];

export interface ToolDefinition {
  name: string;
  title: string;
  description: string;
  inputSchema: JsonSchemaObject & { type: 'object' };
  /** Only with `outputSchemas` (`--output-schemas`); results carry `structuredContent` either way. */
  outputSchema?: JsonSchemaObject & { type: 'object' };
  annotations: { readOnlyHint: boolean; destructiveHint: boolean; idempotentHint: boolean; openWorldHint: boolean };
}

export interface Tool {
  operation: CatalogueOperation;
  definition: ToolDefinition;
  /** The parameter this mode leaves out (`taker` of swap order in `read`: without it nothing is prepared). */
  omitted?: string;
  /** Whether its answers hold unsigned transactions, decoded into `preparedTransactions`. */
  prepares: boolean;
}

/**
 * Whether an operation is a tool of a mode. A step of a sign-in (`x-sign-in`: trigger v2's challenge
 * and verify) is a tool of none: this server cannot sign the challenge, and the token verify
 * answers is never shown to a model, so an agent would get nothing it can use. The user signs in
 * outside and gives the server the token (`--bearer-token`), as an MCP server over stdio takes its
 * credentials from its configuration; the instructions say so (instructions.ts).
 */
const inMode = (op: CatalogueOperation, mode: ToolMode) =>
  op.signIn === undefined && (mode === 'all' || op.access === 'read' || (mode === 'prepare' && op.access === 'prepare'));

/** What the decoded summary of each unsigned transaction looks like (see describe-transaction.ts). */
export const PREPARED_TRANSACTIONS_SCHEMA: JsonSchemaObject = {
  type: 'array',
  description:
    'What each unsigned transaction of the answer would do if the user signed it, decoded offline. Show `summary` to the user before they sign in their own wallet; this server never signs.',
  items: {
    type: 'object',
    required: ['field', 'summary'],
    properties: {
      field: {
        type: 'string',
        description: 'The field of the answer that holds the transaction (`transactions[1]` for the second of a list).',
      },
      summary: { type: 'array', items: { type: 'string' }, description: 'What the transaction does, in words, one line per fact.' },
      feePayer: { type: 'string' },
      signers: { type: 'array', items: { type: 'string' }, description: 'The addresses whose signature it still needs.' },
      programIds: { type: 'array', items: { type: 'string' } },
      movements: {
        type: 'array',
        items: { type: 'object' },
        description: 'Every transfer, approval, close or authority change, amounts as integer strings.',
      },
      error: { type: 'string', description: 'Set when the transaction could not be decoded.' },
    },
  },
};

/** The words in the description of exactly the tools whose answers carry `preparedTransactions` (the instructions point at them). */
export const SEE_PREPARED = 'see preparedTransactions';

/** What a tool does to the user's funds, in a few words after its summary (the server's instructions say the rest). */
function accessWords(op: CatalogueOperation, mode: ToolMode): string {
  const unsigned = preparesIn(op, mode) ? `(unsigned; ${SEE_PREPARED})` : '(unsigned)';
  // (the spec's summary may offer the parameter: say that this mode left it out)
  const omitted = omittedIn(op, mode);
  if (omitted) return `\`${omitted}\` is left out here: read-only tools prepare nothing.`;
  if (op.preparesWhen) return `With \`${op.preparesWhen}\`: prepare-only ${unsigned}.`;
  if (op.access === 'prepare') return `Prepare-only ${unsigned}.`;
  if (op.access === 'change')
    return `Changes state: only when the user asked for exactly this.${preparesIn(op, mode) ? ` Answers an unsigned transaction (${SEE_PREPARED}).` : ''}`;
  return '';
}

/** What the model will not see of the answer: the fields the spec marks `x-sensitive` (see withhold.ts). */
const withheldWords = (op: CatalogueOperation): string =>
  op.sensitiveAnswerFields.map((field) => `\`${field}\` is withheld (a credential, never shown to a model).`).join(' ');

/** The description a model reads: the spec's `x-agent-summary`, then what the tool does to funds, then what it withholds. */
export const toolDescription = (op: CatalogueOperation, mode: ToolMode): string =>
  [`${op.deprecated ? '(deprecated) ' : ''}${op.agentSummary}`, accessWords(op, mode), withheldWords(op)].filter(Boolean).join(' ');

/**
 * Whether a tool of this mode answers with unsigned transactions (and so with `preparedTransactions`):
 * a prepare, or a change that also answers one; a prepare that answers instructions (swap build,
 * lend operate instructions) has none to decode.
 */
export const preparesIn = (op: CatalogueOperation, mode: ToolMode): boolean =>
  op.unsignedTransactionFields.length > 0 && (op.access !== 'read' || (op.preparesWhen !== undefined && mode !== 'read'));

/** The parameter a mode leaves out (`taker` of swap order in `read`: without it nothing is prepared). */
export const omittedIn = (op: CatalogueOperation, mode: ToolMode): string | undefined => (mode === 'read' ? op.preparesWhen : undefined);

/**
 * The input schema a model reads: the operation's parameters and body (as `body`), lean (see
 * lean.ts), with the `$defs` they reach once; plus `fields` and `maxItems` on the reads whose
 * answers hold lists (see answer.ts).
 */
export function inputSchemaOf(op: CatalogueOperation, mode: ToolMode, source: CatalogueSource): JsonSchemaObject & { type: 'object' } {
  const omitted = omittedIn(op, mode);
  const params = op.parameters.filter((p) => p.name !== omitted);
  const properties: Record<string, JsonSchemaObject> = {};
  for (const p of params) properties[p.name] = { ...p.schema, ...(p.description ? { description: p.description } : {}) };
  const required = params.filter((p) => p.required).map((p) => p.name);
  if (op.body) {
    properties.body = op.body.schema;
    if (op.body.required) required.push('body');
  }
  if (sizedAnswers(op)) Object.assign(properties, SIZING_PROPERTIES);
  const defs = Object.fromEntries(op.defs.request.map((name) => [name, source.defs[name]]));
  return openEnumsAsExamples(
    inlineDefs(
      leanSchema(
        {
          type: 'object',
          properties,
          ...(required.length > 0 ? { required } : {}),
          ...(op.defs.request.length > 0 ? { $defs: defs } : {}),
        },
        { input: true },
      ),
    ),
  ) as JsonSchemaObject & { type: 'object' };
}

export type ToolAnnotations = ToolDefinition['annotations'];

/**
 * The MCP annotations of an operation's tool, from the spec's marks (through the catalogue):
 * - `readOnlyHint`: it changes nothing at the service: a read, or a prepare (`x-prepares-transaction`
 *   without `x-side-effects`: an unsigned transaction for the user to sign; nothing is recorded or
 *   moved until the signed transaction is sent, through another tool);
 * - `destructiveHint` (for the others): true, as a change moves funds, places or cancels an order;
 *   false only for one that creates a record and nothing else (`x-already-exists`: vault register);
 * - `idempotentHint`: a repeat with the same arguments applies nothing more: every read-only tool, a
 *   change the spec marks `x-safe-to-retry` (swap execute: the same signed transaction re-sent only
 *   polls its outcome) or `x-already-exists` (vault register: a repeat answers the vault the first
 *   made); other changes false (initiate-cancel, tx submit, create: not known to be harmless);
 * - `openWorldHint`: true: each calls the service, whose answers depend on the market and on others.
 */
export function annotationsOf(op: CatalogueOperation): ToolAnnotations {
  const readOnly = op.access !== 'change';
  return {
    readOnlyHint: readOnly,
    destructiveHint: !readOnly && op.alreadyExists === undefined,
    idempotentHint: readOnly || op.safeToRetry || op.alreadyExists !== undefined,
    openWorldHint: true,
  };
}

function toolOf(op: CatalogueOperation, mode: ToolMode, source: CatalogueSource, outputSchemas: boolean): Tool {
  const omitted = omittedIn(op, mode);
  const title = `${op.summary}${op.deprecated ? ' (deprecated)' : ''}`;
  const outputProperties: Record<string, JsonSchemaObject> = {
    status: { type: 'integer', description: 'The HTTP status of the answer.' },
    result: { ...(op.success?.schema ?? {}), description: 'The answer body; lists may be cut to `maxItems` and `fields` (see `sized`).' },
    ...(sizedAnswers(op) ? { sized: SIZED_SCHEMA } : {}),
    ...(preparesIn(op, mode) ? { preparedTransactions: PREPARED_TRANSACTIONS_SCHEMA } : {}),
  };
  return {
    operation: op,
    ...(omitted ? { omitted } : {}),
    prepares: preparesIn(op, mode),
    definition: {
      name: op.operationId,
      title,
      description: toolDescription(op, mode),
      inputSchema: inputSchemaOf(op, mode, source),
      // Behind `outputSchemas` (they were two thirds of the list's bytes). Answers are read
      // tolerantly, as the spec's response schemas are: unknown fields, new enum values and items
      // cut to some `fields` pass.
      ...(outputSchemas
        ? {
            outputSchema: leanSchema({
              type: 'object' as const,
              properties: { ...outputProperties, result: tolerantSchema(outputProperties.result) },
              required: ['status', 'result'],
              $defs: tolerantSchema(Object.fromEntries(op.defs.answer.map((name) => [name, source.defs[name]]))),
            }),
          }
        : {}),
      annotations: annotationsOf(op),
    },
  };
}

/** The operations of a mode, in the spec's order. */
export const operationsFor = (mode: ToolMode, source: CatalogueSource = { catalogue, defs }): CatalogueOperation[] =>
  source.catalogue.filter((op) => inMode(op, mode));

/** The tools of a mode, in the spec's order. */
export function toolsFor(mode: ToolMode, source: CatalogueSource = { catalogue, defs }, { outputSchemas = false } = {}): Tool[] {
  return operationsFor(mode, source).map((op) => toolOf(op, mode, source, outputSchemas));
}
