// The MCP server: tools/list answers the tools of the chosen mode; tools/call checks the arguments
// against the spec, makes the call through @x/fetch-client, and answers structured content that
// validates against the tool's output schema. Every failure is a tool result with `isError`,
// never a crash; the API key and the bearer token never appear in a result (or anywhere else).
import {
  BearerTokenRefused,
  fixedBearer,
  MAY_HAVE_BEEN_APPLIED,
  operationAt,
  outcomeUnknown,
  existingAfter,
  type ExistingAnswer,
  redact,
  redactValue,
  requestOf,
  requestProblems,
} from '@x/catalogue';
import { AbortError, ApiError, createClient, DEFAULT_TIMEOUT_MS, FetchClientError, type LogLevel } from '@x/fetch-client';
import { MAX_TIMER_MS, type MarketDataKind, type PoliteFetch, politeFetch, type UpstreamLimiter } from '@x/fetch-client/polite';
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { CallToolRequestSchema, type CallToolResult, ListToolsRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import { AjvJsonSchemaValidator } from '@modelcontextprotocol/sdk/validation/ajv';
import { SIZING_PROPERTIES, sizeAnswer, sizedAnswers } from './answer.js';
import { describePrepared } from './describe-transaction.js';
import { dynamicTools } from './dynamic.js';
import { instructionsFor, SIGN_IN_ELSEWHERE } from './instructions.js';
import { type Tool, type ToolMode, toolsFor } from './tools.js';
import { withholdCredentials } from './withhold.js';

export interface McpServerOptions {
  /** The service's base address. */
  baseUrl: string;
  /** Sent as the API key header; never in a result. */
  apiKey?: string;
  /** A trigger v2 bearer token for the operations that need one; never in a result. */
  bearerToken?: string;
  /** Which operations become tools (default `prepare`). */
  tools?: ToolMode;
  /**
   * The client's log level, its lines on stderr (default `off`: a failed call is the tool's result).
   * The server reads no environment; `x-mcp` passes `X_LOG` here.
   */
  logLevel?: LogLevel;
  /**
   * Three tools (`search_operations`, `describe_operation`, `call_operation`) instead of one per
   * operation: the operations of `tools` stay reachable through them.
   */
  dynamic?: boolean;
  /** Give each tool its output schema (off by default: they cost more than the rest of the list). */
  outputSchemas?: boolean;
  /** Time limit of each attempt (ms) and retries, as `createClient` takes them. */
  timeoutMs?: number;
  maxRetries?: number;
  /**
   * The most a tool call may take (ms): its attempts, retries and waits together; past it the call
   * is given up and its result says so. Default 50000, under the 60 s an MCP client commonly waits
   * for a result (the MCP SDK's default) before it gives up with a protocol error. 0: no limit.
   */
  callTimeoutMs?: number;
  /**
   * Ms between the starts of two requests to the service: every call goes through one
   * `politeFetch` (@x/fetch-client/polite). Default 4000 without a key, 1000 with one.
   */
  intervalMs?: number;
  /** Cache lifetime of read answers per `x-market-data` kind (default quote 2000, live 5000, catalogue 60000). */
  ttlMs?: Partial<Record<MarketDataKind, number>>;
  /** The fetch politeFetch sends with (tests). */
  fetch?: typeof fetch;
}

export const SERVER_NAME = 'x-mcp';

type Method = (options: unknown) => Promise<{ data: unknown; status: number }>;

/**
 * The one fetch every call to the service goes through: paced, cached and coalesced by
 * `politeFetch`. Servers that share it (one per Streamable HTTP session) share its limiter.
 */
export function serviceFetch(options: McpServerOptions): PoliteFetch {
  const operation = operationAt(options.baseUrl);
  return politeFetch({
    keyed: !!options.apiKey,
    kindOf: (url) => operation('GET', url)?.marketData,
    changesState: (url) => operation('GET', url)?.access === 'change',
    ...(options.intervalMs !== undefined ? { intervalMs: options.intervalMs } : {}),
    ...(options.ttlMs ? { ttlMs: options.ttlMs } : {}),
    ...(options.fetch ? { fetch: options.fetch } : {}),
  });
}

/** Creates the MCP server (not yet connected to a transport); `send` is shared when several serve one user. */
export function createMcpServer(options: McpServerOptions, version = '0.0.0', send: PoliteFetch = serviceFetch(options)): Server {
  const mode = options.tools ?? 'prepare';
  const tools = toolsFor(mode, undefined, { outputSchemas: options.outputSchemas === true });
  const byName = new Map(tools.map((tool) => [tool.definition.name, tool]));
  const dynamic = options.dynamic ? dynamicTools(tools, mode) : undefined;
  const secrets = [options.apiKey, options.bearerToken];
  const budgetMs = callBudgetMs(options);
  const logLine = (message: string, details?: object) =>
    console.error(redact(details ? `${message} ${JSON.stringify(details)}` : message, secrets));
  const client = createClient({
    baseUrl: options.baseUrl,
    ...(options.apiKey ? { apiKey: options.apiKey } : {}),
    ...(options.bearerToken ? { bearer: fixedBearer(options.bearerToken) } : {}),
    ...(options.timeoutMs !== undefined ? { timeoutMs: options.timeoutMs } : {}),
    ...(options.maxRetries !== undefined ? { maxRetries: options.maxRetries } : {}),
    // A wait the service asks for (Retry-After) longer than half the call's budget is not waited
    // out: the call answers the 429 at once (and the limiter holds the next calls back).
    ...(budgetMs > 0 ? { maxRetryDelayMs: Math.floor(budgetMs / 2) } : {}),
    fetch: send,
    // Never stdout (the stdio transport's channel): the client's log lines go to stderr, as one
    // line each, through `redact` like every result (at debug they hold the service's answers,
    // which may echo the key or the token).
    logger: { debug: logLine, info: logLine, warn: logLine, error: logLine },
    logLevel: options.logLevel ?? 'off',
  }) as unknown as Record<string, Method>;

  const server = new Server(
    { name: SERVER_NAME, version },
    {
      capabilities: { tools: {} },
      instructions: instructionsFor(tools, mode, { bearerToken: !!options.bearerToken, dynamic: !!options.dynamic }),
    },
  );
  const conforms = options.outputSchemas ? outputChecker() : undefined;
  const call = async (tool: Tool, args: Record<string, unknown>) => {
    try {
      const result = await callTool(tool, args, client, options, send.limiter);
      return conforms ? conforms(tool, result) : result;
    } catch (error) {
      if (error instanceof BearerTokenRefused) return failure(`${tool.definition.name}: ${error.message}`, secrets);
      return failureOf(error, secrets, outcomeUnknown(tool.operation, error));
    }
  };
  server.setRequestHandler(ListToolsRequestSchema, async () => ({
    tools: dynamic ? dynamic.definitions : tools.map((tool) => tool.definition),
  }));
  server.setRequestHandler(CallToolRequestSchema, async (request) => {
    const args = request.params.arguments ?? {};
    if (dynamic) {
      const answer = dynamic.handle(request.params.name, args);
      if ('call' in answer) return call(answer.call.tool, answer.call.args);
      return 'error' in answer ? failure(answer.error, secrets) : answer.result;
    }
    const tool = byName.get(request.params.name);
    if (!tool) return failure(`unknown tool ${request.params.name}`, secrets);
    return call(tool, args);
  });
  return server;
}

async function callTool(
  tool: Tool,
  args: Record<string, unknown>,
  client: Record<string, Method>,
  options: McpServerOptions,
  limiter: UpstreamLimiter,
): Promise<CallToolResult> {
  const op = tool.operation;
  const secrets = [options.apiKey, options.bearerToken];
  const sizing = sizedAnswers(op);
  const known = new Set([
    ...op.parameters.filter((p) => p.name !== tool.omitted).map((p) => p.name),
    ...(op.body ? ['body'] : []),
    ...(sizing ? Object.keys(SIZING_PROPERTIES) : []),
  ]);
  const unknown = Object.keys(args).filter((name) => !known.has(name));
  if (unknown.length > 0) return failure(`${op.operationId}: unknown argument(s) ${unknown.join(', ')}`, secrets);
  const { body, maxItems, fields, ...values } = args;
  const sizingProblem = sizing ? sizingProblemOf(maxItems, fields) : undefined;
  if (sizingProblem) return failure(`${op.operationId}: invalid arguments: ${sizingProblem}`, secrets);
  const request = requestOf(op, values, body);
  const problems = requestProblems(op, request, (name) => name);
  if (problems.length > 0) return failure(`${op.operationId}: invalid arguments: ${problems.join('; ')}`, secrets);
  if (op.bearer && !options.bearerToken)
    return failure(`${op.operationId} needs a trigger v2 bearer token, which this server cannot get: ${SIGN_IN_ELSEWHERE}.`, secrets);
  const budgetMs = callBudgetMs(options);
  const late = lateTurn(limiter, shortest(options.timeoutMs ?? DEFAULT_TIMEOUT_MS, budgetMs));
  if (late) return failure(`${op.operationId}: not sent: ${late}`, secrets);
  const budget = budgetMs > 0 ? AbortSignal.timeout(budgetMs) : undefined;
  let answer: Awaited<ReturnType<Method>>;
  try {
    answer = await client[op.operationId]!(budget ? { ...request, signal: budget } : request);
  } catch (error) {
    const found = await existingAfter(op, error, (id) => client[id]!(budget ? { signal: budget } : {}) as Promise<ExistingAnswer>);
    if (found) return resultOf(tool, found.answer, { maxItems, fields }, secrets, found.how);
    if (!(budget?.aborted && error instanceof AbortError)) throw error;
    // (an operation that changes state, a GET among them: vault register)
    const applied = outcomeUnknown(op, error) ? ` ${MAY_HAVE_BEEN_APPLIED}` : '';
    return failure(
      `${op.operationId}: no answer within ${budgetMs} ms (the service is slow or down; x-mcp --call-timeout sets this budget). Nothing more was sent.${applied}`,
      secrets,
    );
  }
  return resultOf(tool, answer, { maxItems, fields }, secrets);
}

/** The tool result of an answer: credentials withheld, lists sized, unsigned transactions decoded; `note` first. */
function resultOf(
  tool: Tool,
  answer: { data: unknown; status: number },
  { maxItems, fields }: { maxItems: unknown; fields: unknown },
  secrets: ReadonlyArray<string | undefined>,
  note?: string,
): CallToolResult {
  const op = tool.operation;
  const shown = withholdCredentials(op, answer.data);
  const { data, sized } = sizeAnswer(op, shown.data, { maxItems: maxItems as number | undefined, fields: fields as string[] | undefined });
  const structured: Record<string, unknown> = { status: answer.status, result: data, ...(sized ? { sized } : {}) };
  const lines: string[] = [note, shown.note, sized].filter((line): line is string => line !== undefined);
  if (tool.prepares) {
    const transactions = describePrepared(answer.data, op.unsignedTransactionFields);
    structured.preparedTransactions = transactions;
    for (const t of transactions)
      lines.push(`Unsigned transaction in ${t.field} (not signed; the user signs it in their own wallet):`, ...t.summary, '');
  }
  // Compact: the text is read by a model, and indentation is a third of the tokens of a JSON answer.
  lines.push(JSON.stringify(data));
  return { content: [{ type: 'text', text: redact(lines.join('\n'), secrets) }], structuredContent: redactValue(structured, secrets) };
}

type Check = (input: unknown) => { valid: boolean; errorMessage?: string | undefined };

/**
 * With output schemas, a result must match its tool's (the MCP SDK's client refuses one that does
 * not, and the model gets nothing). An answer that drifted from the spec (a field of another type)
 * is then a tool error saying where, with the answer as text and no structured content. Checked
 * with the validator the SDK's client uses; where a runtime forbids compiling one (code from
 * strings, as workerd), results go unchecked, as before.
 */
function outputChecker(): (tool: Tool, result: CallToolResult) => CallToolResult {
  const validator = new AjvJsonSchemaValidator();
  const checks = new Map<string, Check | null>();
  const checkOf = (tool: Tool): Check | null => {
    let check = checks.get(tool.definition.name);
    if (check === undefined) {
      try {
        check = tool.definition.outputSchema ? validator.getValidator(tool.definition.outputSchema) : null;
      } catch {
        check = null;
      }
      checks.set(tool.definition.name, check);
    }
    return check;
  };
  return (tool, result) => {
    const check = result.isError || result.structuredContent === undefined ? null : checkOf(tool);
    const verdict = check?.(result.structuredContent);
    if (!verdict || verdict.valid) return result;
    const text = (result.content[0] as { text: string }).text;
    const drift = `${tool.definition.name}: the answer does not match the spec (${verdict.errorMessage}); here it is as it came, without structured content:`;
    return { isError: true, content: [{ type: 'text', text: `${drift}\n${text}` }] };
  };
}

/** The budget of a whole tool call when none is given (see `callTimeoutMs`). */
export const DEFAULT_CALL_TIMEOUT_MS = 50_000;
/** The budget of a tool call (ms, 0: none): a longer one than a timer holds is that longest one. */
const callBudgetMs = (options: McpServerOptions) => Math.min(options.callTimeoutMs ?? DEFAULT_CALL_TIMEOUT_MS, MAX_TIMER_MS);
/** The shorter of two limits, 0 meaning none. */
const shortest = (a: number, b: number) => (a === 0 ? b : b === 0 ? a : Math.min(a, b));

/**
 * Why a call would not get its turn on the limiter within its time limit (the wait for a turn
 * counts against it): the service asked for a longer wait (a 429's `Retry-After`, an exhausted
 * window, told to every call after it), or the calls queued ahead pace it past the limit. Said at
 * once, not as a time-out after the limit: nothing was sent. Undefined when it may wait its turn.
 */
function lateTurn(limiter: UpstreamLimiter, timeoutMs: number): string | undefined {
  const wait = limiter.waitMs;
  if (timeoutMs === 0 || wait <= timeoutMs) return undefined;
  const seconds = Math.ceil(wait / 1000);
  if (limiter.pauseMs > 0)
    return `the service asked to wait ${seconds} s more (Retry-After, or a used-up rate-limit window); call again after that.`;
  return `calls to the service are paced one per ${limiter.intervalMs} ms, and this one's turn would come in ${seconds} s, past its time limit of ${timeoutMs} ms; call again later.`;
}

/** `maxItems` a whole number from 1 to 1000, `fields` a list of names (the schema a model was shown). */
function sizingProblemOf(maxItems: unknown, fields: unknown): string | undefined {
  if (maxItems !== undefined && !(Number.isInteger(maxItems) && (maxItems as number) >= 1 && (maxItems as number) <= 1000))
    return 'maxItems: a whole number from 1 to 1000';
  if (fields !== undefined && !(Array.isArray(fields) && fields.every((f) => typeof f === 'string')))
    return 'fields: a list of field names';
  return undefined;
}

function failure(message: string, secrets: ReadonlyArray<string | undefined>): CallToolResult {
  return { isError: true, content: [{ type: 'text', text: redact(message, secrets) }] };
}

/**
 * An API error with its status, who answered (the API gateway in front of every area, or the area),
 * its code and message, then the body; a transport failure by its kind.
 */
function failureOf(error: unknown, secrets: ReadonlyArray<string | undefined>, unknownOutcome: boolean): CallToolResult {
  const applied = unknownOutcome ? `\n${MAY_HAVE_BEEN_APPLIED}` : '';
  if (error instanceof ApiError) {
    const body = error.body !== undefined ? JSON.stringify(error.body) : (error.text ?? '');
    const code = error.code === undefined ? '' : `code ${error.code}, `;
    const who = error.source === 'gateway' ? 'the API gateway' : 'the area';
    return failure(`HTTP ${error.status} from ${error.operation}, ${who}: ${code}${error.serverMessage}${applied}\n${body}`, secrets);
  }
  if (error instanceof FetchClientError) return failure(`${error.name}: ${error.message}${applied}`, secrets);
  return failure(`internal error: ${(error as Error)?.message ?? String(error)}`, secrets);
}
