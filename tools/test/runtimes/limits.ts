// The cells of the runtime matrix that cannot pass, each with its reason (a limit of a named
// dependency) and the exact error it fails with. The README prints the reason; the matrix test
// fails when such a cell fails any other way, or passes (then the limit is gone: delete it here).
import type { StepName } from './consumer/report.ts';

export interface Limit {
  /** The rows (rows.ts ids) and the step it applies to. */
  readonly rows: readonly string[];
  readonly step: StepName;
  /** Why, in the README's words: the dependency and what it does. */
  readonly reason: string;
  /** The error the step fails with, matched against its detail. */
  readonly error: RegExp;
}

export const LIMITS: readonly Limit[] = [
  {
    rows: ['workerd-browser', 'workerd-nodejs-compat'],
    step: 'simulator',
    reason:
      'the simulator validates every request against the spec with ajv (through `@x/openapi/reader`), and ajv compiles its validators with `new Function`, which workerd forbids with or without flags (`EvalError: Code generation from strings disallowed for this context`)',
    error: /^Error: the simulator answered 500: EvalError: Code generation from strings disallowed for this context$/,
  },
  {
    rows: ['workerd-wrangler'],
    step: 'simulator',
    reason:
      "`@x/mock` imports `@solana/kit`, whose `workerd` condition resolves to its Node build: `@solana/keys` imports `fs/promises` and `path`, the RPC modules `events`, so the bundle fails without `nodejs_compat` (and with it, ajv's `new Function` stops it as above)",
    error:
      /^the bundle fails: Could not resolve "fs\/promises" \(@solana\/keys\/dist\/index\.node\.mjs\); Could not resolve "path" \(@solana\/keys\/dist\/index\.node\.mjs\); (Could not resolve "events" \(@solana\/[\w-]+\/dist\/index\.node\.mjs\)(; )?)+$/,
  },
];

/** The limit documented for a row's step, if any. */
export function limitOf(rowId: string, step: StepName): Limit | undefined {
  return LIMITS.find((limit) => limit.step === step && limit.rows.includes(rowId));
}
