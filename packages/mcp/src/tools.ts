// The tools of a mode, made from the catalogue of @x/cli (generated from the spec at build time):
// one tool per operation, named by its operationId, with an input schema from its parameters and
// body and an output schema from its success body.
import { type CatalogueOperation, catalogue, defs, type JsonSchemaObject } from '@x/cli/catalogue';

/** A catalogue and its schemas: the generated one of `@x/cli/catalogue` unless a test builds another. */
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
  outputSchema: JsonSchemaObject & { type: 'object' };
  annotations: { title: string; readOnlyHint: boolean; destructiveHint: boolean; idempotentHint: boolean; openWorldHint: boolean };
}

export interface Tool {
  operation: CatalogueOperation;
  definition: ToolDefinition;
  /** The parameter this mode leaves out (`taker` of swap order in `read`: without it nothing is prepared). */
  omitted?: string;
}

const inMode = (op: CatalogueOperation, mode: ToolMode) =>
  mode === 'all' || op.access === 'read' || (mode === 'prepare' && op.access === 'prepare');

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

function accessWords(op: CatalogueOperation, mode: ToolMode): string {
  if (op.preparesWhen && mode !== 'read')
    return `Reads. With \`${op.preparesWhen}\` it also prepares an UNSIGNED transaction: the result then carries \`preparedTransactions\`, what that transaction would do, decoded; the user signs it in their own wallet (this server never signs).`;
  if (op.access === 'prepare')
    return 'Prepares: answers with an UNSIGNED transaction (or its instructions) and moves nothing by itself. The result carries `preparedTransactions`, what each transaction would do, decoded; show it to the user, who signs in their own wallet (this server never signs).';
  if (op.access === 'change')
    return 'Changes state or sends a transaction the user signed elsewhere: call it only when the user asked for exactly this.';
  return 'Reads; changes nothing.';
}

function toolOf(op: CatalogueOperation, mode: ToolMode, source: CatalogueSource): Tool {
  // The `$defs` the operation's schemas reach (the catalogue lists them, transitively).
  const defsOf = (names: ReadonlyArray<string>) => Object.fromEntries(names.map((name) => [name, source.defs[name]]));
  const omitted = mode === 'read' ? op.preparesWhen : undefined;
  const params = op.parameters.filter((p) => p.name !== omitted);
  const properties: Record<string, JsonSchemaObject> = {};
  for (const p of params) {
    properties[p.name] = {
      ...p.schema,
      ...(p.description ? { description: p.description } : {}),
      ...(p.example !== undefined ? { examples: [p.example] } : {}),
    };
  }
  const required = params.filter((p) => p.required).map((p) => p.name);
  if (op.body) {
    properties.body = { ...op.body.schema, description: 'The JSON request body.' };
    if (op.body.required) required.push('body');
  }
  const prepares = op.access === 'prepare' || (op.preparesWhen !== undefined && mode !== 'read');
  const outputProperties: Record<string, JsonSchemaObject> = {
    status: { type: 'integer', description: 'The HTTP status of the answer.' },
    result: { ...(op.success?.schema ?? {}), description: 'The answer body, as the API sent it.' },
    ...(prepares ? { preparedTransactions: PREPARED_TRANSACTIONS_SCHEMA } : {}),
  };
  const title = `${op.summary}${op.deprecated ? ' (deprecated)' : ''}`;
  return {
    operation: op,
    ...(omitted ? { omitted } : {}),
    definition: {
      name: op.operationId,
      title,
      description: [`${op.summary}. ${op.method} ${op.path}.`, accessWords(op, mode), op.description].filter(Boolean).join('\n\n'),
      inputSchema: { type: 'object', properties, required, additionalProperties: false, $defs: defsOf(op.defs.request) },
      // Answers are read tolerantly, as the spec's response schemas are: unknown fields and new enum values pass.
      outputSchema: { type: 'object', properties: outputProperties, required: ['status', 'result'], $defs: defsOf(op.defs.answer) },
      annotations: {
        title,
        readOnlyHint: op.access === 'read',
        destructiveHint: op.access === 'change',
        idempotentHint: op.method === 'GET',
        openWorldHint: true,
      },
    },
  };
}

/** The tools of a mode, in the spec's order. */
export function toolsFor(mode: ToolMode, source: CatalogueSource = { catalogue, defs }): Tool[] {
  return source.catalogue.filter((op) => inMode(op, mode)).map((op) => toolOf(op, mode, source));
}
