// The shape of a decoded wire transaction, shared by the fast decoder (decode.ts) and the
// @solana/kit fallback (transactions.ts).

export interface DecodedInstruction {
  programId: string | undefined;
  accounts: Array<string | undefined>;
  data: Uint8Array;
}

export interface DecodedTransaction {
  messageBytes: Uint8Array;
  /** Signature slots in order: signer address and signature bytes (null when empty/zero). */
  signatures: Array<{ signer: string; signature: Uint8Array | null }>;
  staticAccounts: string[];
  instructions: DecodedInstruction[];
  lifetimeToken: string;
  version: number | 'legacy';
}
