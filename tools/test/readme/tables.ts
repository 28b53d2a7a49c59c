// Tables of the @x/mock README generated from what they describe, so the README never holds a
// second copy of a fact: the example world from `world` of @x/mock (tokens and addresses from the
// spec's `x-example-values`, prices and starting balances from the simulator), and, from the spec
// (read through @x/openapi/reader), the unit of every time field and the values of the trigger v2
// history's `state` filter and `orderState`.
// `node tools/test/readme/tables.ts --write` rewrites the sections; readme-tables.test.ts checks them.
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { world as simulatorWorld, type World } from '../../../packages/mock/dist/index.js';
import { deref, loadSpec } from '../../../packages/openapi/dist/reader.js';

type Json = any;

export const mockReadme = fileURLToPath(new URL('../../../packages/mock/README.md', import.meta.url));

/** The roles of the example world a simulator user meets, with what each one is for. */
const ROLES: [role: string, address: (w: World) => string, what: string][] = [
  ['wallets.taker', (w) => w.wallets.taker, 'the example wallet of the docs (any wallet works: every wallet starts funded)'],
  ['wallets.receiver', (w) => w.wallets.receiver, 'a swap `receiver` other than the taker'],
  ['wallets.integratorPayer', (w) => w.wallets.integratorPayer, 'an integrator `payer` (swap `payer` parameter)'],
  ['tipReceiver', (w) => w.tipReceiver, 'the tip receiver `/tx/v1/submit` accepts (a tip of at least 1 000 000 lamports)'],
  ['feeAccounts.referralAccount', (w) => w.feeAccounts.referralAccount, 'the `referralAccount` of a swap order (with `referralFee`)'],
  ['feeAccounts.feeTokenAccount', (w) => w.feeAccounts.feeTokenAccount, 'the `feeAccount` of `/swap/v2/build` (with `platformFeeBps`)'],
  ['addresses.gasWallet', (w) => w.addresses.gasWallet, "the service's gas wallet: fee payer of gasless swaps"],
  ['addresses.rfqMaker', (w) => w.addresses.rfqMaker, 'the RFQ maker: fee payer and counterparty of `router_rfq` swaps'],
  ['addresses.expressPaymentReceiver', (w) => w.addresses.expressPaymentReceiver, 'receiver of the express-verification payment'],
];

const thousands = (n: number) => n.toLocaleString('en-US').replace(/,/g, ' ');

export function worldTable(world: World = simulatorWorld): string {
  const tokens = Object.values(world.tokens).map(
    (t) => `| \`${t.symbol}\` | \`${t.mint}\` | ${t.decimals} | ${thousands(t.startingBalance)} | ${t.usdPrice} |`,
  );
  const roles = ROLES.map(([role, address, what]) => `| \`world.${role}\` | \`${address(world)}\` | ${what} |`);
  return [
    '| token | mint | decimals | every wallet starts with | starting price (USD) |',
    '|---|---|---|---|---|',
    ...tokens,
    '',
    '| role | address | |',
    '|---|---|---|',
    ...roles,
  ].join('\n');
}

const unitOf = (property: Json): string | undefined => {
  const text = `${property.description ?? ''}`;
  if (/millisecond/i.test(text)) return 'Unix milliseconds';
  if (/Unix (time in )?seconds|Unix seconds/i.test(text))
    return `Unix seconds${property.type === 'string' || /as a string|integer string|written as a string/i.test(text) ? ', as a string' : ''}`;
  if (property.format === 'date-time' || /ISO 8601/.test(text)) return 'ISO 8601 date-time';
  return undefined;
};

/** Every schema property whose description or format says it is a time, with its unit. */
export function timeFieldsTable(spec: Json = loadSpec()): string {
  const rows: string[] = [];
  const seen = new Set<string>();
  const visit = (schemaName: string, schema: Json, depth = 0): void => {
    const s = deref(schema);
    if (!s || typeof s !== 'object' || depth > 4) return;
    for (const [name, raw] of Object.entries<Json>(s.properties ?? {})) {
      const property = { ...deref(raw), ...raw };
      const unit = unitOf(property);
      const key = `${schemaName}.${name}`;
      if (unit && !seen.has(key)) {
        seen.add(key);
        rows.push(`| \`${schemaName}\` | \`${name}\` | ${unit} |`);
      }
    }
    for (const k of ['allOf', 'anyOf', 'oneOf']) for (const part of s[k] ?? []) visit(schemaName, part, depth + 1);
  };
  for (const [name, schema] of Object.entries<Json>(spec.components.schemas)) visit(name, schema);
  return ['| schema | field | unit |', '|---|---|---|', ...rows].join('\n');
}

const knownValues = (schema: Json): string[] => {
  const s = deref(schema);
  if (Array.isArray(s.enum)) return s.enum;
  for (const branch of s.anyOf ?? []) if (Array.isArray(deref(branch).enum)) return deref(branch).enum;
  return [];
};

export function historyValues(spec: Json = loadSpec()): string {
  const state = deref(spec.components.parameters.TriggerV2HistoryState);
  const record = spec.components.schemas.TriggerV2OrderRecord;
  const orderState = knownValues(record.properties.orderState);
  return [
    `- \`GET /trigger/v2/orders/history?state=\`: ${knownValues(state.schema)
      .map((v) => `\`${v}\``)
      .join(' or ')}.`,
    `- a record's \`orderState\`: ${orderState.map((v) => `\`${v}\``).join(', ')} (a value added later is passed through, never an error); \`rawState\` is the provider's own, finer name.`,
  ].join('\n');
}

export const SECTIONS: Record<string, () => string> = {
  world: worldTable,
  'time-fields': timeFieldsTable,
  'history-values': historyValues,
};

/** The README with every generated section replaced by what the spec says now. */
export function renderReadme(text: string): string {
  let out = text;
  for (const [name, render] of Object.entries(SECTIONS)) {
    const re = new RegExp(`(<!-- generated:${name} [^>]*-->\\n)[\\s\\S]*?(<!-- /generated:${name} -->)`);
    if (!re.test(out)) throw new Error(`the README has no generated:${name} section`);
    out = out.replace(re, (_, start: string, end: string) => `${start}${render()}\n${end}`);
  }
  return out;
}

if (process.argv[1] === fileURLToPath(import.meta.url) && process.argv.includes('--write')) {
  writeFileSync(mockReadme, renderReadme(readFileSync(mockReadme, 'utf8')));
  console.log(`readme tables: wrote ${Object.keys(SECTIONS).join(', ')} into ${mockReadme}`);
}
