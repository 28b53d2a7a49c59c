// `x-mcp --dynamic`: three tools instead of one per operation. A model searches the operations of
// the chosen tool set by words (`search_operations`), reads the input schema of one
// (`describe_operation`) and calls it by name (`call_operation`): the call goes through exactly
// the path of the operation's own tool (the same argument checks, prepare-only, never signs).
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { searchIndex } from './search.js';
import { SEE_PREPARED, type Tool, type ToolAnnotations, type ToolDefinition, type ToolMode } from './tools.js';

export const DYNAMIC_TOOL_NAMES = ['search_operations', 'describe_operation', 'call_operation'] as const;
const DEFAULT_RESULTS = 5;

export interface DynamicTools {
  definitions: ToolDefinition[];
  /** A result, a tool error, or the operation's tool and arguments to call. */
  handle(
    name: string,
    args: Record<string, unknown>,
  ): { result: CallToolResult } | { error: string } | { call: { tool: Tool; args: Record<string, unknown> } };
}

const structured = (value: Record<string, unknown>): { result: CallToolResult } => ({
  result: { content: [{ type: 'text', text: JSON.stringify(value) }], structuredContent: value },
});

/** Search and describe read only this server's catalogue: read-only, and a closed world (no call to the service). */
const LOCAL_READ: ToolAnnotations = { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false };

/**
 * `call_operation` may call any tool of the set, so it is what they are together: read-only and
 * idempotent when every one is, destructive when one is (`annotationsOf` of each: read-only in
 * `read` and `prepare`, not in `all`).
 */
const callAnnotations = (tools: ReadonlyArray<Tool>): ToolAnnotations => {
  const each = tools.map((tool) => tool.definition.annotations);
  return {
    readOnlyHint: each.every((a) => a.readOnlyHint),
    destructiveHint: each.some((a) => a.destructiveHint),
    idempotentHint: each.every((a) => a.idempotentHint),
    openWorldHint: each.some((a) => a.openWorldHint),
  };
};

export function dynamicTools(tools: ReadonlyArray<Tool>, mode: ToolMode): DynamicTools {
  const byName = new Map(tools.map((tool) => [tool.definition.name, tool]));
  const index = searchIndex(tools.map((tool) => tool.operation));
  const areas = [...new Set(tools.map((tool) => tool.operation.area))];
  const setWords = { read: 'read-only operations', prepare: 'read and prepare-only operations', all: 'all operations' }[mode];
  const definitions: ToolDefinition[] = [
    {
      name: 'search_operations',
      title: 'Search the API operations',
      description: `Find operations of the trading and market-data API (${setWords}, ${tools.length}) by words. Returns up to \`limit\` names with one line each; then describe_operation.`,
      inputSchema: {
        type: 'object',
        properties: {
          query: { type: 'string', description: 'What you want to do, in words.' },
          area: { type: 'string', enum: areas },
          limit: { type: 'integer', minimum: 1, maximum: tools.length, description: `Default ${DEFAULT_RESULTS}.` },
        },
        required: ['query'],
        additionalProperties: false,
      },
      annotations: LOCAL_READ,
    },
    {
      name: 'describe_operation',
      title: 'Describe an operation',
      description: 'The input schema and description of one operation by name, to write the arguments of call_operation.',
      inputSchema: { type: 'object', properties: { name: { type: 'string' } }, required: ['name'], additionalProperties: false },
      annotations: LOCAL_READ,
    },
    {
      name: 'call_operation',
      title: 'Call an operation',
      description: `Call one operation by name with arguments valid for its input schema. Returns the answer${mode === 'read' ? '' : `; where the operation's description says "${SEE_PREPARED}", its UNSIGNED transactions decoded there (nothing is signed here)`}.`,
      inputSchema: {
        type: 'object',
        properties: { name: { type: 'string' }, arguments: { type: 'object' } },
        required: ['name'],
        additionalProperties: false,
      },
      annotations: callAnnotations(tools),
    },
  ];

  const toolNamed = (name: unknown): Tool | string => {
    const tool = typeof name === 'string' ? byName.get(name) : undefined;
    return tool ?? `unknown operation ${JSON.stringify(name)} in this tool set (${mode}): search_operations lists the names`;
  };
  const argumentProblem = (args: Record<string, unknown>, allowed: ReadonlyArray<string>) => {
    const unknown = Object.keys(args).filter((key) => !allowed.includes(key));
    return unknown.length > 0 ? `unknown argument(s) ${unknown.join(', ')}` : undefined;
  };

  return {
    definitions,
    handle(name, args) {
      if (name === 'search_operations') {
        const problem = argumentProblem(args, ['query', 'area', 'limit']);
        if (problem) return { error: `search_operations: ${problem}` };
        if (typeof args.query !== 'string' || args.query.trim() === '') return { error: 'search_operations: query: required, a string' };
        if (args.area !== undefined && !areas.includes(args.area as string))
          return { error: `search_operations: area: one of ${areas.join(', ')}` };
        const limit = args.limit ?? DEFAULT_RESULTS;
        if (!Number.isInteger(limit) || (limit as number) < 1) return { error: 'search_operations: limit: a whole number from 1' };
        const found = index
          .search(args.query, args.area as string | undefined)
          .slice(0, limit as number)
          .map((op) => ({ name: op.operationId, description: byName.get(op.operationId)!.definition.description }));
        return structured({ operations: found });
      }
      if (name === 'describe_operation') {
        const problem = argumentProblem(args, ['name']);
        if (problem) return { error: `describe_operation: ${problem}` };
        const tool = toolNamed(args.name);
        if (typeof tool === 'string') return { error: `describe_operation: ${tool}` };
        const { name: operation, description, inputSchema } = tool.definition;
        return structured({ name: operation, description, method: tool.operation.method, path: tool.operation.path, inputSchema });
      }
      if (name === 'call_operation') {
        const problem = argumentProblem(args, ['name', 'arguments']);
        if (problem) return { error: `call_operation: ${problem}` };
        const tool = toolNamed(args.name);
        if (typeof tool === 'string') return { error: `call_operation: ${tool}` };
        const callArgs = args.arguments ?? {};
        if (!callArgs || typeof callArgs !== 'object' || Array.isArray(callArgs)) return { error: 'call_operation: arguments: an object' };
        return { call: { tool, args: callArgs as Record<string, unknown> } };
      }
      return { error: `unknown tool ${name}: this server has ${DYNAMIC_TOOL_NAMES.join(', ')}` };
    },
  };
}
