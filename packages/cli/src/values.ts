// Flag text → the typed value the spec asks for (a number where the schema allows one, a boolean,
// else the text), and the body from `--body '<json>'`, `--body @file.json` or `--body -` (stdin).
import { type CatalogueParameter, defs, type JsonSchemaObject } from '@x/catalogue';
import { UsageError } from './usage-error.js';

/** The JSON types a schema allows, through `$ref`s, `anyOf`, `oneOf` and `const`. */
function typesOf(schema: JsonSchemaObject | undefined, seen = new Set<unknown>()): Set<string> {
  const out = new Set<string>();
  if (!schema || seen.has(schema)) return out;
  seen.add(schema);
  const ref = schema.$ref;
  if (typeof ref === 'string') for (const t of typesOf(defs[ref.replace('#/$defs/', '')], seen)) out.add(t);
  const type = schema.type;
  for (const t of Array.isArray(type) ? type : type ? [type] : []) out.add(String(t));
  if ('const' in schema) out.add(typeof schema.const === 'number' ? 'number' : typeof schema.const);
  for (const key of ['anyOf', 'oneOf', 'allOf'])
    for (const branch of (schema[key] as JsonSchemaObject[] | undefined) ?? []) for (const t of typesOf(branch, seen)) out.add(t);
  return out;
}

/** The value of `--name text` for a parameter: typed by its schema; the spec check comes after. */
export function typedValue(param: CatalogueParameter, text: string): unknown {
  const types = typesOf(param.schema);
  if ((types.has('integer') || types.has('number')) && /^-?\d+(\.\d+)?$/.test(text)) {
    // as a number it would be sent rounded: kept as text where the schema takes a string, else refused
    if (!text.includes('.') && !Number.isSafeInteger(Number(text))) {
      if (types.has('string')) return text;
      throw new UsageError(`--${param.name}: ${text} is past the largest integer sent exactly (9007199254740991)`);
    }
    return Number(text);
  }
  if (types.has('boolean') && (text === 'true' || text === 'false')) return text === 'true';
  return text;
}

export interface BodySources {
  readStdin(): Promise<string>;
  readFile(path: string): Promise<string>;
}

/** The JSON body of `--body`: inline, `@file`, or `-` for stdin. */
export async function readBody(option: string, sources: BodySources): Promise<unknown> {
  let text: string;
  let from: string;
  if (option === '-') {
    text = await sources.readStdin();
    from = 'stdin';
  } else if (option.startsWith('@')) {
    try {
      text = await sources.readFile(option.slice(1));
    } catch (error) {
      throw new UsageError(`--body: cannot read ${option.slice(1)} (${(error as NodeJS.ErrnoException).code ?? (error as Error).message})`);
    }
    from = option.slice(1);
  } else {
    text = option;
    from = 'the flag';
  }
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new UsageError(`--body: ${from} is not JSON (${(error as Error).message})`);
  }
}
