// What an unsigned transaction of an answer would do, decoded offline by @x/signing's
// inspectTransaction and put in words an agent can show the user before the user signs it in
// their own wallet: who pays the fee, who must sign, every transfer, approval, close, burn and
// authority change with its amount, mint and destination.
import { inspectTransaction, type InspectedAccount, type ValueMovement } from '@x/signing';

export interface PreparedTransaction {
  field: string;
  summary: string[];
  feePayer?: string;
  signers?: string[];
  programIds?: string[];
  movements?: Array<Record<string, unknown>>;
  error?: string;
}

const accountText = (account: InspectedAccount | null): string =>
  account === null
    ? 'nobody'
    : (account.address ?? `an address loaded from lookup table ${account.lookup?.table} (index ${account.lookup?.index}), unknown offline`);

/** `1500000` at 6 decimals → `1.5`: exact, from the integer, never through a float. */
export function inUnits(amount: bigint, decimals: number): string {
  const negative = amount < 0n;
  const digits = (negative ? -amount : amount).toString().padStart(decimals + 1, '0');
  const whole = digits.slice(0, digits.length - decimals);
  const fraction = digits.slice(digits.length - decimals).replace(/0+$/, '');
  return `${negative ? '-' : ''}${whole}${fraction ? `.${fraction}` : ''}`;
}

function amountText(movement: ValueMovement): string {
  if (movement.amount === null) return movement.kind === 'token-close' ? 'the whole balance' : '';
  if (movement.asset === 'native') return `${movement.amount} lamports of the native coin`;
  const mint = movement.mint ? ` of mint ${accountText(movement.mint)}` : ' of the source account’s mint';
  const decimals = movement.decimals === null ? '' : ` (${inUnits(movement.amount, movement.decimals)} at ${movement.decimals} decimals)`;
  return `${movement.amount} base units${mint}${decimals}`;
}

const VERBS: Record<ValueMovement['kind'], string> = {
  transfer: 'transfers',
  'create-account': 'funds a new account with',
  'nonce-withdraw': 'withdraws from a nonce account',
  assign: 'hands over to another program the account',
  'token-transfer': 'transfers',
  'token-close': 'closes a token account and sends',
  'token-approve': 'allows a delegate to move',
  'set-authority': 'changes the authority of an account',
  'token-burn': 'burns',
  unrecognized: 'runs an instruction this decoder does not read, of program',
};

function sentence(movement: ValueMovement): string {
  const by = movement.signers.length > 0 ? `, authorised by ${movement.signers.join(', ')}` : '';
  const amount = amountText(movement);
  switch (movement.kind) {
    case 'set-authority':
      return `${VERBS[movement.kind]} ${accountText(movement.source)} to ${accountText(movement.destination)}${by}.`;
    case 'assign':
      return `${VERBS.assign} ${accountText(movement.source)} (new owner program ${accountText(movement.destination)})${by}.`;
    case 'token-burn':
      return `burns ${amount} from ${accountText(movement.source)}${by}.`;
    case 'unrecognized':
      return `${VERBS.unrecognized} ${movement.program}${by}: check it elsewhere before signing.`;
    default:
      return `${VERBS[movement.kind]} ${amount} from ${accountText(movement.source)} to ${accountText(movement.destination)}${by}.`;
  }
}

const movementJson = (m: ValueMovement): Record<string, unknown> => ({
  kind: m.kind,
  asset: m.asset,
  amount: m.amount === null ? null : String(m.amount),
  mint: m.mint?.address ?? null,
  decimals: m.decimals,
  source: m.source?.address ?? null,
  destination: m.destination?.address ?? null,
  signers: [...m.signers],
});

/** Decodes one base64 transaction; a transaction that cannot be read gives `error`, never a throw. */
export function describeTransaction(field: string, transaction: string): PreparedTransaction {
  try {
    const info = inspectTransaction(transaction);
    const unsigned = info.signers.filter((s) => !s.signed).map((s) => s.address);
    const summary = [
      `Fee payer: ${info.feePayer}. Needs the signature of ${unsigned.join(', ') || 'nobody more'}.`,
      ...info.valueMovements.map((m, i) => `${i + 1}. It ${sentence(m)}`),
    ];
    if (info.valueMovements.length === 0) summary.push('It moves no value through top-level System or token instructions.');
    summary.push(
      `Programs it calls: ${info.programIds.join(', ')}. What a program does inside its own instructions (a swap's route, for example) is not visible offline.`,
    );
    if (info.durableNonce) summary.push('It uses a durable nonce: it does not expire with a blockhash.');
    if (info.lookupTableDestinations) summary.push('Some destinations come from address lookup tables and cannot be known offline.');
    return {
      field,
      summary,
      feePayer: info.feePayer,
      signers: unsigned,
      programIds: [...info.programIds],
      movements: info.valueMovements.map(movementJson),
    };
  } catch (error) {
    return {
      field,
      summary: [`The transaction in ${field} could not be decoded: ${(error as Error).message}`],
      error: (error as Error).message,
    };
  }
}

/** Every unsigned transaction of an answer, from the fields the spec marks `x-unsigned-transaction`. */
export function describePrepared(body: unknown, fields: ReadonlyArray<string>): PreparedTransaction[] {
  if (body === null || typeof body !== 'object') return [];
  const out: PreparedTransaction[] = [];
  for (const field of fields) {
    const value = (body as Record<string, unknown>)[field];
    if (typeof value === 'string' && value !== '') out.push(describeTransaction(field, value));
    else if (Array.isArray(value))
      for (const [index, item] of value.entries()) {
        if (typeof item === 'string' && item !== '') out.push(describeTransaction(`${field}[${index}]`, item));
      }
  }
  return out;
}
