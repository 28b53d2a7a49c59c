// `x-mock check ...`: arguments in, report out, exit code back (0, 1 on breaking drift, 2 on bad usage).
import { parseArgs } from 'node:util';
// The check alone, not the catalogue: x-mock (serve included) loads this module at start.
import { baseUrlProblem } from '@x/catalogue/base-url';
import { parseParamOverride, PlanError } from './plan.js';
import { renderJson, renderTable } from './render.js';
import { CHECK_DEFAULTS, exitCodeOf, runCheck, type CheckOptions } from './run.js';

export const CHECK_USAGE = `usage: x-mock check --base-url URL [options]

Calls every read-only operation of the spec (GETs the spec does not mark x-side-effects) once,
with inputs from the spec's examples, and classifies each answer against the spec:
ok, additive drift, breaking drift or unreachable. Exits 1 only on breaking drift.

options:
  --base-url URL        the service to check (required)
  --api-key KEY         sent as the spec's API-key header
  --bearer-token JWT    sent to the operations that ask for a bearer token (trigger v2);
                        without it they are reported unreachable and not called
  --param NAME=VALUE    input for every operation with that parameter (repeatable);
                        OPERATIONID.NAME=VALUE for one operation only
  --json                print the report as JSON
  --timeout MS          per request (default ${CHECK_DEFAULTS.timeoutMs})
  --delay MS            pause between requests (default ${CHECK_DEFAULTS.delayMs})
  --max-wait S          longest rate-limit wait honoured, in seconds (default ${CHECK_DEFAULTS.maxWaitMs / 1000})
  --max-retries N       retries per operation on 429/502/503/504 (default ${CHECK_DEFAULTS.maxRetries})
  -h, --help            show this help`;

export class CheckUsageError extends Error {}

/** Runs `read`; whatever it throws becomes a CheckUsageError with the same message. */
function asUsage<T>(read: () => T): T {
  try {
    return read();
  } catch (error) {
    throw new CheckUsageError((error as Error).message);
  }
}

/** The options of `x-mock check ...` (arguments after `check`), or 'help'. */
export function parseCheckArgs(argv: string[]): { options: CheckOptions; json: boolean } | 'help' {
  const { values } = asUsage(() =>
    parseArgs({
      args: argv,
      allowPositionals: false,
      options: {
        'base-url': { type: 'string' },
        'api-key': { type: 'string' },
        'bearer-token': { type: 'string' },
        param: { type: 'string', multiple: true },
        json: { type: 'boolean', default: false },
        timeout: { type: 'string' },
        delay: { type: 'string' },
        'max-wait': { type: 'string' },
        'max-retries': { type: 'string' },
        help: { type: 'boolean', short: 'h', default: false },
      },
    }),
  );
  if (values.help) return 'help';
  const baseUrl = values['base-url'];
  if (!baseUrl) throw new CheckUsageError('missing --base-url');
  // The check `x` and `x-mcp` make (from @x/catalogue): a value that may hold a key is never repeated,
  // only the origin and path of a URL with a query or fragment.
  const problem = baseUrlProblem(baseUrl);
  if (problem !== undefined) throw new CheckUsageError(problem);
  const count = (name: string, raw: string | undefined, scale = 1): number | undefined => {
    if (raw === undefined) return undefined;
    if (!/^\d+$/.test(raw)) throw new CheckUsageError(`invalid --${name} ${raw}`);
    return Number(raw) * scale;
  };
  const params = asUsage(() => (values.param ?? []).map(parseParamOverride));
  const options: CheckOptions = { baseUrl, params };
  if (values['api-key'] !== undefined) options.apiKey = values['api-key'];
  if (values['bearer-token'] !== undefined) options.bearerToken = values['bearer-token'];
  const timeoutMs = count('timeout', values.timeout);
  const delayMs = count('delay', values.delay);
  const maxWaitMs = count('max-wait', values['max-wait'], 1000);
  const maxRetries = count('max-retries', values['max-retries']);
  if (timeoutMs !== undefined) options.timeoutMs = Math.max(1, timeoutMs);
  if (delayMs !== undefined) options.delayMs = delayMs;
  if (maxWaitMs !== undefined) options.maxWaitMs = maxWaitMs;
  if (maxRetries !== undefined) options.maxRetries = Math.min(maxRetries, 10);
  return { options, json: values.json };
}

/** Runs `x-mock check` with the arguments after `check`; returns the exit code. */
export async function checkCommand(
  argv: string[],
  print: (text: string) => void = console.log,
  printError: (text: string) => void = console.error,
): Promise<number> {
  let parsed: ReturnType<typeof parseCheckArgs>;
  try {
    parsed = parseCheckArgs(argv);
  } catch (error) {
    if (!(error instanceof CheckUsageError)) throw error;
    printError(`x-mock check: ${error.message}\n\n${CHECK_USAGE}`);
    return 2;
  }
  if (parsed === 'help') {
    print(CHECK_USAGE);
    return 0;
  }
  let report: Awaited<ReturnType<typeof runCheck>>;
  try {
    report = await runCheck(parsed.options);
  } catch (error) {
    if (!(error instanceof PlanError)) throw error;
    printError(`x-mock check: ${error.message}`);
    return 2;
  }
  print(parsed.json ? renderJson(report) : renderTable(report));
  return exitCodeOf(report);
}
