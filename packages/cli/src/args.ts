// The argument list of `x`: a command name, its flags (`--name value` or `--name=value`, named as
// the wire names them), and the options every command takes.
import { UsageError } from './usage-error.js';

/** Options of `x` itself; every other `--flag` is a parameter of the command. */
export const GLOBAL_OPTIONS = {
  'base-url': 'value',
  'api-key': 'value',
  'bearer-token': 'value',
  timeout: 'value',
  retries: 'value',
  interval: 'value',
  body: 'value',
  json: 'switch',
  include: 'switch',
  all: 'switch',
  reveal: 'switch',
  help: 'switch',
} as const;
type GlobalName = keyof typeof GLOBAL_OPTIONS;

export interface ParsedArgs {
  command?: string;
  options: Partial<Record<GlobalName, string | true>>;
  /** The command's parameters, by wire name, as typed. */
  params: Map<string, string>;
}

export function parseArgs(argv: readonly string[]): ParsedArgs {
  const parsed: ParsedArgs = { options: {}, params: new Map() };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg === '-h') {
      parsed.options.help = true;
      continue;
    }
    if (!arg.startsWith('--')) {
      // (not repeated: a key given without its flag, or a variable the shell expanded, lands here)
      if (parsed.command !== undefined)
        throw new UsageError(
          'unexpected argument after the command (not repeated: it may be a value given without its flag); values are given as --name value',
        );
      parsed.command = arg;
      continue;
    }
    const eq = arg.indexOf('=');
    const name = eq === -1 ? arg.slice(2) : arg.slice(2, eq);
    if (name === '') throw new UsageError(`"${arg}" is not a flag`);
    const kind = (GLOBAL_OPTIONS as Record<string, string>)[name];
    if (kind === 'switch') {
      if (eq !== -1) throw new UsageError(`--${name} takes no value`);
      parsed.options[name as GlobalName] = true;
      continue;
    }
    let value: string;
    if (eq !== -1) value = arg.slice(eq + 1);
    else {
      const next = argv[i + 1];
      // `--body -` reads stdin; any other value starting with `--` is the next flag.
      if (next === undefined || (next.startsWith('--') && next !== '-')) throw new UsageError(`--${name} needs a value`);
      value = next;
      i++;
    }
    if (kind === 'value') parsed.options[name as GlobalName] = value;
    else {
      if (parsed.params.has(name)) throw new UsageError(`--${name} is given twice`);
      parsed.params.set(name, value);
    }
  }
  return parsed;
}
