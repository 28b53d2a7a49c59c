// The options of `x-mcp`: arguments and environment in, server options out, or a usage error.
import { parseArgs } from 'node:util';
import { DEFAULT_TIMEOUT_MS, type LogLevel } from '@x/fetch-client';
import { baseUrlProblem } from '@x/catalogue';
import { DEFAULT_TTL_MS, KEYED_INTERVAL_MS, KEYLESS_INTERVAL_MS, type MarketDataKind } from '@x/fetch-client/polite';
import { DEFAULT_CALL_TIMEOUT_MS, type McpServerOptions } from './server.js';
import { TOOL_MODES, type ToolMode } from './tools.js';

export const USAGE = `usage: x-mcp --base-url URL [options]

An MCP server for the trading and market-data API, one tool per operation of its OpenAPI
description. It holds no private key and never signs: prepare tools answer with unsigned
transactions and what each would do, for the user to sign in their own wallet.

options:
  --base-url URL        the service's base address (or X_BASE_URL)
  --api-key KEY         sent as the API key header (or X_API_KEY); never in a result or a log
  --bearer-token JWT    for the trigger v2 operations that ask for a bearer token (or
                        X_BEARER_TOKEN); never in a result or a log
  --tools MODE          read | prepare | all (default prepare)
                          read:    operations that only read
                          prepare: also those that answer with an unsigned transaction
                                   and change nothing
                          all:     also those that take a signed transaction or change state
  --dynamic             three tools (search_operations, describe_operation, call_operation)
                          instead of one per operation: a list of about 260 tokens instead
                          of about 3,700 (prepare); the operations of --tools stay reachable
  --output-schemas      give each tool its output schema (larger list; results carry
                          structuredContent either way)
  --http PORT           serve Streamable HTTP on 127.0.0.1:PORT/mcp instead of stdio (0: a free port)
  --timeout MS          time limit of each attempt (default ${DEFAULT_TIMEOUT_MS}; 0: none)
  --retries N           retries of reads and of calls the spec marks safe to repeat (default 2)
  --call-timeout MS     the most a tool call may take, attempts, retries and waits together
                          (default ${DEFAULT_CALL_TIMEOUT_MS}, under the 60 s MCP clients commonly wait; 0: none)
  --interval MS         ms between the starts of two requests to the service (default ${KEYLESS_INTERVAL_MS},
                          ${KEYED_INTERVAL_MS} with --api-key); a local simulator may be given less
  --cache-ttl TTL       how long a read's answer is reused, by the spec's x-market-data kind:
                          MS for every kind, or KIND=MS[,KIND=MS] (default
                          ${Object.entries(DEFAULT_TTL_MS)
                            .map(([kind, ms]) => `${kind}=${ms}`)
                            .join(',')}; other reads are not cached; 0: no cache)
  -h, --help            this help`;

export class UsageError extends Error {}

export interface CliOptions {
  server: McpServerOptions;
  /** Streamable HTTP port; stdio when absent. */
  httpPort?: number;
}

const whole = (name: string, text: string | undefined): number | undefined => {
  if (text === undefined) return undefined;
  if (!/^\d+$/.test(text)) throw new UsageError(`--${name}: must be a whole number`);
  return Number(text);
};

/** `--cache-ttl`: one number of ms for every kind, or `KIND=MS` pairs separated by commas. */
function cacheTtl(text: string | undefined): Partial<Record<MarketDataKind, number>> | undefined {
  if (text === undefined) return undefined;
  const kinds = Object.keys(DEFAULT_TTL_MS) as MarketDataKind[];
  if (/^\d+$/.test(text)) return Object.fromEntries(kinds.map((kind) => [kind, Number(text)]));
  const ttl: Partial<Record<MarketDataKind, number>> = {};
  for (const pair of text.split(',')) {
    const m = /^(\w+)=(\d+)$/.exec(pair.trim());
    if (!m || !kinds.includes(m[1] as MarketDataKind))
      throw new UsageError(`--cache-ttl: give MS, or KIND=MS pairs with KIND one of ${kinds.join(', ')}`);
    ttl[m[1] as MarketDataKind] = Number(m[2]);
  }
  return ttl;
}

export function parseOptions(argv: string[], env: Readonly<Record<string, string | undefined>>): CliOptions | 'help' {
  let values: Record<string, string | boolean | undefined>;
  try {
    ({ values } = parseArgs({
      args: argv,
      allowPositionals: false,
      options: {
        'base-url': { type: 'string' },
        'api-key': { type: 'string' },
        'bearer-token': { type: 'string' },
        tools: { type: 'string', default: 'prepare' },
        dynamic: { type: 'boolean' },
        'output-schemas': { type: 'boolean' },
        http: { type: 'string' },
        timeout: { type: 'string' },
        retries: { type: 'string' },
        'call-timeout': { type: 'string' },
        interval: { type: 'string' },
        'cache-ttl': { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
    }));
  } catch (error) {
    // A word that is no option is not repeated: a key given without --api-key lands there.
    if ((error as { code?: string }).code === 'ERR_PARSE_ARGS_UNEXPECTED_POSITIONAL')
      throw new UsageError(
        'unexpected argument (not repeated: it may be a value given without its option); options are given as --name value',
      );
    // node's other messages name the option, never a value
    throw new UsageError((error as Error).message);
  }
  if (values.help) return 'help';
  const baseUrl = (values['base-url'] as string | undefined) ?? env.X_BASE_URL;
  const problem = baseUrlProblem(baseUrl);
  if (problem !== undefined || !baseUrl) throw new UsageError(problem);
  const tools = values.tools as string;
  if (!TOOL_MODES.includes(tools as ToolMode)) throw new UsageError(`--tools: must be one of ${TOOL_MODES.join(', ')}`);
  const apiKey = (values['api-key'] as string | undefined) ?? env.X_API_KEY;
  const bearerToken = (values['bearer-token'] as string | undefined) ?? env.X_BEARER_TOKEN;
  const logLevel = env.X_LOG as LogLevel | undefined;
  const timeoutMs = whole('timeout', values.timeout as string | undefined);
  const maxRetries = whole('retries', values.retries as string | undefined);
  const callTimeoutMs = whole('call-timeout', values['call-timeout'] as string | undefined);
  const httpPort = whole('http', values.http as string | undefined);
  const intervalMs = whole('interval', values.interval as string | undefined);
  const ttlMs = cacheTtl(values['cache-ttl'] as string | undefined);
  if (httpPort !== undefined && httpPort > 65_535) throw new UsageError('--http: not a port');
  return {
    server: {
      baseUrl,
      tools: tools as ToolMode,
      ...(values.dynamic ? { dynamic: true } : {}),
      ...(values['output-schemas'] ? { outputSchemas: true } : {}),
      ...(apiKey ? { apiKey } : {}),
      ...(bearerToken ? { bearerToken } : {}),
      ...(logLevel ? { logLevel } : {}),
      ...(timeoutMs !== undefined ? { timeoutMs } : {}),
      ...(maxRetries !== undefined ? { maxRetries } : {}),
      ...(callTimeoutMs !== undefined ? { callTimeoutMs } : {}),
      ...(intervalMs !== undefined ? { intervalMs } : {}),
      ...(ttlMs !== undefined ? { ttlMs } : {}),
    },
    ...(httpPort !== undefined ? { httpPort } : {}),
  };
}
