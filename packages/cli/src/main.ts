// `x <command> [--param value]... [options]`: arguments in, one call through @x/fetch-client,
// the answer out, an exit code back (0 success, 1 an API error, 2 a usage error).
import {
  BearerTokenRefused,
  baseUrlProblem,
  type CatalogueOperation,
  catalogue,
  existingAfter,
  fixedBearer,
  MAY_HAVE_BEEN_APPLIED,
  outcomeUnknown,
  redact,
  requestOf,
  requestProblems,
  withholdSensitive,
} from '@x/catalogue';
import { ApiError, createClient, FetchClientError, type Hooks, type LogLevel } from '@x/fetch-client';
import { politeFetch } from '@x/fetch-client/polite';
import { parseArgs } from './args.js';
import { nearest } from './nearest.js';
import { commandHelp, globalHelp } from './help.js';
import { renderText } from './render.js';
import { UsageError } from './usage-error.js';
import { type BodySources, readBody, typedValue } from './values.js';

export interface Io extends BodySources {
  stdout(text: string): void;
  /** Whether stdout is a terminal: aligned text there, tab-separated lines in a pipe (as `gh` does). */
  stdoutIsTTY?: boolean;
  stderr(text: string): void;
  env: Readonly<Record<string, string | undefined>>;
}

type Client = Record<string, (...args: unknown[]) => unknown>;
type Answer = { data: unknown; status: number; headers: Headers };

/** What `x` prints in place of a credential the service answers, without `--reveal`. */
const WITHHELD = '[withheld: a credential; x --reveal prints it]';

const findCommand = (name: string) => catalogue.find((op) => op.command === name || op.operationId === name);

/**
 * The usage error of a word that names no command: repeated with the command meant when it is a
 * near miss of one; otherwise not repeated, since a key given in the wrong place lands there too.
 */
function unknownCommand(word: string): string {
  const meant = nearest(
    word,
    catalogue.flatMap((op) => [op.command, op.operationId]),
  );
  const command = meant && findCommand(meant)!.command;
  return command
    ? `unknown command "${word}": did you mean ${command}? (x --help lists them)`
    : 'unknown command (not repeated: it may be a value given in the wrong place; x --help lists them)';
}

/** Runs `x` with these arguments; resolves to the exit code. */
export async function main(argv: readonly string[], given: Io): Promise<number> {
  const secrets: string[] = [];
  // Everything printed passes through `redact`: a service that echoes the key never gets it printed.
  const io: Io = {
    ...given,
    stdout: (text) => given.stdout(redact(text, secrets)),
    stderr: (text) => given.stderr(redact(text, secrets)),
  };
  const err = (text: string) => io.stderr(`${text}\n`);
  const log = (message: string, details?: object) => err(details ? `${message} ${JSON.stringify(details)}` : message);
  let command = '';
  let op: CatalogueOperation | undefined;
  let include = false;
  try {
    const args = parseArgs(argv);
    include = args.options.include === true;
    const apiKey = (args.options['api-key'] as string | undefined) ?? io.env.X_API_KEY;
    const bearerToken = (args.options['bearer-token'] as string | undefined) ?? io.env.X_BEARER_TOKEN;
    secrets.push(...[apiKey, bearerToken].filter((s): s is string => !!s));
    if (args.command === undefined) {
      if (args.options.help) {
        io.stdout(`${globalHelp()}\n`);
        return 0;
      }
      throw new UsageError('missing command (x --help lists them)');
    }
    op = findCommand(args.command);
    if (!op) throw new UsageError(unknownCommand(args.command));
    command = op.command;
    if (args.options.help) {
      io.stdout(`${commandHelp(op)}\n`);
      return 0;
    }
    const call = await prepareCall(op, args, io);
    // A credential the service answers (x-sensitive: auth verify's token) is printed only on --reveal.
    const shown = (operation: CatalogueOperation, data: unknown) => {
      if (args.options.reveal) return data;
      const { data: kept, withheld } = withholdSensitive(operation, data, WITHHELD);
      if (withheld.length > 0)
        err(
          `x: ${operation.command}: ${withheld.join(', ')}: withheld (a credential). Give it to x with --bearer-token or X_BEARER_TOKEN; --reveal prints it (for a person, not an agent or a log).`,
        );
      return kept;
    };
    const baseUrl = baseUrlOf((args.options['base-url'] as string | undefined) ?? io.env.X_BASE_URL);
    if (op.bearer && !bearerToken) throw new UsageError(`${op.command} needs --bearer-token or X_BEARER_TOKEN (a trigger v2 token)`);
    const clientFor = (fetch?: typeof globalThis.fetch, hooks?: Hooks) =>
      createClient({
        baseUrl,
        ...(apiKey ? { apiKey } : {}),
        ...(bearerToken ? { bearer: fixedBearer(bearerToken) } : {}),
        ...count('timeout', args.options.timeout, (ms) => ({ timeoutMs: ms })),
        ...count('retries', args.options.retries, (n) => ({ maxRetries: n })),
        ...(fetch ? { fetch } : {}),
        ...(hooks ? { hooks } : {}),
        // The client's log lines go to stderr (stdout stays the answer); without X_LOG, none: the
        // command reports a failure itself.
        logger: { debug: log, info: log, warn: log, error: log },
        logLevel: (io.env.X_LOG ?? 'off') as LogLevel,
      }) as unknown as Client;
    const json = args.options.json === true;
    if (args.options.all) {
      // Every page request waits its turn on one limiter (politeFetch), under the rate limit; the
      // status and headers of each page's answer are kept for --include.
      const paced = politeFetch({ keyed: !!apiKey, ...count('interval', args.options.interval, (ms) => ({ intervalMs: ms })) });
      let last: Omit<Answer, 'data'> = { status: 0, headers: new Headers() };
      const client = clientFor(paced, {
        afterResponse: ({ status, headers }) => {
          last = { status, headers };
        },
      });
      const method = `paginate${op.operationId[0]!.toUpperCase()}${op.operationId.slice(1)}`;
      const list = client[method]!(call.query) as { byPage(): AsyncIterable<unknown> };
      // A page that cannot be paged on (no items, or the service ignoring the paging) ends the
      // list with the client's PaginationError (reported below), before it is printed. Each page
      // is printed as it comes: one JSON line with --json, else its values named from [0], [1], ...
      let n = 0;
      for await (const page of list.byPage()) printAnswer({ ...last, data: shown(op, page) }, { json, include, io, page: n++ });
      return 0;
    }
    const client = clientFor();
    // A repeat of a call marked x-already-exists (vault register) answers what exists: the outcome, not a failure.
    const answer = await (client[op.operationId]!(call) as Promise<Answer>).catch(async (error: unknown) => {
      const found = await existingAfter(op!, error, (id) => client[id]!({}) as Promise<Answer>);
      if (!found) throw error;
      err(`x: ${command}: ${found.how}`);
      return found.answer;
    });
    printAnswer({ ...answer, data: shown(op, answer.data) }, { json, include, io });
    return 0;
  } catch (error) {
    if (error instanceof UsageError) {
      err(`x: ${error.message}`);
      return 2;
    }
    if (error instanceof ApiError) {
      // Who answered (the API gateway or the area), its code and message on the first line; the body after it.
      const code = error.code === undefined ? '' : `code ${error.code}, `;
      err(
        `x: ${command}: HTTP ${error.status} (${error.operation}), ${error.source === 'gateway' ? 'the API gateway' : 'the area'}: ${code}${error.serverMessage}`,
      );
      // --include: the rate-limit headers of the error answer too (the status is on the line above)
      if (include) for (const line of rateLimitLines(error.headers)) err(line);
      if (op && outcomeUnknown(op, error)) err(MAY_HAVE_BEEN_APPLIED);
      err(error.body !== undefined ? JSON.stringify(error.body, null, 2) : (error.text ?? ''));
      return 1;
    }
    if (error instanceof BearerTokenRefused) {
      err(`x: ${command}: ${error.message}`);
      return 1;
    }
    if (error instanceof FetchClientError) {
      err(`x: ${command}: ${error.name}: ${error.message}`);
      if (op && outcomeUnknown(op, error)) err(MAY_HAVE_BEEN_APPLIED);
      return 1;
    }
    err(`x: ${(error as Error)?.message ?? String(error)}`);
    return 1;
  }
}

/** The request of the command's flags and body, checked against the spec before anything is sent. */
async function prepareCall(op: CatalogueOperation, args: ReturnType<typeof parseArgs>, io: Io) {
  const values: Record<string, unknown> = {};
  for (const [name, text] of args.params) {
    const param = op.parameters.find((p) => p.name === name);
    if (!param) throw new UsageError(`--${name} is not a parameter of ${op.command} (x ${op.command} --help lists them)`);
    values[name] = typedValue(param, text);
  }
  const bodyOption = args.options.body as string | undefined;
  if (bodyOption !== undefined && !op.body) throw new UsageError(`--body: ${op.command} takes no body`);
  if (args.options.all && !op.paged) throw new UsageError(`--all: ${op.command} is not paged`);
  // a single call is one request, never paced: an interval without --all would be silently ignored
  if (args.options.interval !== undefined && !args.options.all)
    throw new UsageError('--interval: only with --all (a single call is one request, not paced)');
  const body = bodyOption === undefined ? undefined : await readBody(bodyOption, io);
  const request = requestOf(op, values, body);
  const problems = requestProblems(op, request, (name) => `--${name}`);
  if (problems.length > 0) throw new UsageError(`${op.command}: ${problems.join('; ')} (x ${op.command} --help)`);
  return request;
}

function baseUrlOf(text: string | undefined): string {
  const problem = baseUrlProblem(text);
  if (problem !== undefined) throw new UsageError(problem);
  return text!;
}

function count<T>(name: string, text: string | true | undefined, use: (n: number) => T): T | Record<string, never> {
  if (text === undefined) return {};
  if (typeof text !== 'string' || !/^\d+$/.test(text)) throw new UsageError(`--${name}: must be a whole number`);
  return use(Number(text));
}

const RATE_LIMIT_HEADERS = ['x-ratelimit-remaining', 'x-ratelimit-current', 'x-ratelimit-reset'];
/** `name: value` of each rate-limit header the answer has. */
const rateLimitLines = (headers: Headers) => RATE_LIMIT_HEADERS.flatMap((h) => (headers.has(h) ? [`${h}: ${headers.get(h)}`] : []));

/**
 * An answer on stdout, as JSON or as name/value lines, after its status and rate-limit headers with
 * --include. One page of `--all` (`page` its index from 0) is one compact JSON line, or lines named
 * from `[page]`, so that the pages together read as the list of pages.
 */
function printAnswer(answer: Answer, { json, include, io, page }: { json: boolean; include: boolean; io: Io; page?: number }): void {
  if (include) {
    const head = [`HTTP ${answer.status}`, ...rateLimitLines(answer.headers)];
    // With --json the head goes to stderr, so stdout stays one JSON document.
    if (json) io.stderr(`${head.join('\n')}\n`);
    else io.stdout(`${head.join('\n')}\n\n`);
  }
  const tty = io.stdoutIsTTY === true;
  if (json) io.stdout(`${page === undefined ? JSON.stringify(answer.data, null, 2) : JSON.stringify(answer.data)}\n`);
  else io.stdout(`${renderText(answer.data, { tty, ...(page === undefined ? {} : { at: `[${page}]` }) })}\n`);
}
