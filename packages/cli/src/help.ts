// `x --help` (every command, grouped by area) and `x <command> --help` (summary, every parameter
// with its type, rules and whether it is required, the body's fields, an example), all from the
// catalogue.
import { type CatalogueOperation, catalogue } from '@x/catalogue';
import { DEFAULT_TIMEOUT_MS } from '@x/fetch-client';
import { KEYED_INTERVAL_MS, KEYLESS_INTERVAL_MS } from '@x/fetch-client/polite';

export const OPTIONS_HELP = `options:
  --base-url URL        the service's base address (or X_BASE_URL)
  --api-key KEY         sent as the API key header (or X_API_KEY); never printed
  --bearer-token JWT    for the trigger v2 operations that ask for a bearer token (or
                        X_BEARER_TOKEN); never printed
  --body JSON|@FILE|-   the request body: inline JSON, a JSON file, or stdin
  --json                print the answer as JSON (for pipes: x ... --json | jq); without it,
                        aligned name/value lines on a terminal, name<TAB>value lines in a pipe
  --include             print the status and the rate-limit headers too (to stderr with --json)
  --all                 paged operations: fetch every page; with --json one JSON line per page,
                        else each page's lines named from its index ([0].data[0]...)
  --reveal              print a credential the service answers (the token of
                        trigger-v2-verify-challenge) as it came; without it, [withheld]
  --interval MS         --all: ms between two page requests (default ${KEYLESS_INTERVAL_MS}, ${KEYED_INTERVAL_MS} with a key)
  --timeout MS          time limit of each attempt (default ${DEFAULT_TIMEOUT_MS}; 0: none)
  --retries N           retries of reads and of calls the spec marks safe to repeat (default 2)
  -h, --help            this help; x <command> --help for a command's parameters

exit codes: 0 success; 1 the API answered with an error status (on stderr: who answered, the API
gateway or the area, its code and message, then the body) or could not be reached; 2 a usage error
(unknown command or flag, a value the spec refuses).
x never signs anything: it holds no key. An operation that takes a signed transaction takes it in
--body, signed in the user's own wallet.`;

const ACCESS_WORDS = {
  read: 'reads',
  prepare: 'prepares an unsigned transaction for you to sign elsewhere; moves nothing by itself',
  change: 'changes state or sends a signed transaction',
} as const;

const pad = (text: string, width: number) => text + ' '.repeat(Math.max(1, width - text.length));

export function globalHelp(): string {
  const width = Math.max(...catalogue.map((op) => op.command.length)) + 2;
  const areas = [...new Set(catalogue.map((op) => op.area))];
  const groups = areas.map(
    (area) =>
      `${area}\n${catalogue
        .filter((op) => op.area === area)
        .map((op) => `  ${pad(op.command, width)}${op.summary}${op.deprecated ? ' (deprecated)' : ''}`)
        .join('\n')}`,
  );
  return [
    'x: the trading and market-data API from a terminal, one command per operation of its OpenAPI description.',
    '',
    'usage: x <command> [--parameter value]... [options]',
    '       x <command> --help',
    '',
    ...groups.flatMap((g) => [g, '']),
    OPTIONS_HELP,
  ].join('\n');
}

const shellQuote = (value: string) => (/^[\w@%+=:,./-]+$/.test(value) ? value : `'${value.replaceAll("'", `'\\''`)}'`);
const text = (value: unknown) => (typeof value === 'string' ? value : JSON.stringify(value));

/** `x <command> --flag example ...` from the spec's examples of the parameters and the body. */
export function exampleLine(op: CatalogueOperation): string {
  const parts = ['x', op.command];
  // The required parameters; for an operation with none, the optional ones the spec gives an example of.
  const required = op.parameters.filter((p) => p.required);
  for (const p of required.length > 0 ? required : op.parameters)
    if (p.example !== undefined) parts.push(`--${p.name}`, shellQuote(text(p.example)));
  if (op.body?.example !== undefined) parts.push('--body', shellQuote(JSON.stringify(op.body.example)));
  return parts.join(' ');
}

const indent = (block: string, by: string) =>
  block
    .split('\n')
    .map((line) => by + line)
    .join('\n');

export function commandHelp(op: CatalogueOperation): string {
  const access = op.preparesWhen
    ? `${ACCESS_WORDS.read}; with --${op.preparesWhen} it ${ACCESS_WORDS.prepare}`
    : ACCESS_WORDS[op.access as keyof typeof ACCESS_WORDS];
  const lines = [
    `x ${op.command}: ${op.summary}${op.deprecated ? ' (deprecated)' : ''}`,
    `${op.method} ${op.path} · ${op.area} · ${access}${op.bearer ? ' · needs --bearer-token' : ''}${op.paged ? ' · paged: --all' : ''}`,
  ];
  if (op.description) lines.push('', op.description);
  lines.push('', 'parameters:');
  if (op.parameters.length === 0) lines.push('  (none)');
  for (const p of op.parameters) {
    lines.push(`  --${p.name}  ${p.type}, ${p.required ? 'required' : 'optional'}${p.in === 'path' ? ' (in the path)' : ''}`);
    if (p.description) lines.push(indent(p.description, '      '));
    if (p.rules.length > 0) lines.push(`      rules: ${p.rules.join('; ')}`);
    if (p.example !== undefined) lines.push(`      example: ${text(p.example)}`);
  }
  if (op.body) {
    lines.push('', `body (--body JSON|@FILE|-): a JSON object, ${op.body.required ? 'required' : 'optional'}`);
    const width = Math.max(...op.body.fields.map((f) => f.name.length)) + 2;
    for (const f of op.body.fields) {
      lines.push(
        `  ${pad(f.name, width)}${f.type}, ${f.required ? 'required' : 'optional'}${f.rules.length > 0 ? ` (${f.rules.join('; ')})` : ''}`,
      );
      if (f.description) lines.push(indent(f.description.split('\n')[0]!, `  ${' '.repeat(width)}`));
    }
  }
  lines.push('', 'example:', `  ${exampleLine(op)}`, '', 'x --help lists the options every command takes.');
  return lines.join('\n');
}
