/**
 * The wallet's trigger v2 vault: get it, or register it when there is none (404). A 409 from
 * register (registered meanwhile, or by another session) carries the existing vault in `details`.
 */
import { FlowError } from '../errors.js';
import { callApi, checkAnswerAddress, type CallFailure, type FlowClient, type SuccessBody } from './client.js';
import { createRuntime, type FlowRuntimeOptions, type Runtime } from './runtime.js';

export type TriggerVault = SuccessBody<'triggerV2GetVault'>;
export type TriggerVaultClient = FlowClient<'triggerV2GetVault' | 'triggerV2RegisterVault'>;

export interface TriggerVaultResult {
  readonly vault: TriggerVault;
  /** True when this call registered the vault. */
  readonly registered: boolean;
}

function asVault(value: unknown): TriggerVault | undefined {
  if (value === null || typeof value !== 'object') return undefined;
  const { vaultPubkey } = value as { vaultPubkey?: unknown };
  return typeof vaultPubkey === 'string' && vaultPubkey !== '' ? (value as TriggerVault) : undefined;
}

function unavailable(message: string, failure?: CallFailure): FlowError {
  return new FlowError(
    'VAULT_UNAVAILABLE',
    message,
    { step: 'vault', status: failure?.kind === 'api' ? failure.status : null },
    { cause: failure?.error, response: failure?.kind === 'api' ? failure.body : undefined },
  );
}

function checkOwner(vault: TriggerVault, wallet: string): TriggerVault {
  checkAnswerAddress('vault', vault, 'vaultPubkey');
  if (typeof vault.userPubkey === 'string' && vault.userPubkey !== wallet) {
    throw new FlowError(
      'UNEXPECTED_RESPONSE',
      'The vault belongs to another wallet: the client is signed in for a different wallet than the signer.',
      { step: 'vault', wallet, vaultOwner: vault.userPubkey },
    );
  }
  if (vault.vaultPubkey === wallet) {
    throw new FlowError('UNEXPECTED_RESPONSE', 'The vault address is the wallet itself.', { step: 'vault', wallet });
  }
  return vault;
}

/** Package-internal: the vault step of a flow. */
export async function resolveVault(runtime: Runtime, client: TriggerVaultClient, wallet: string): Promise<TriggerVaultResult> {
  const got = await callApi(runtime, 'vault', (o) => client.triggerV2GetVault(o));
  if (got.ok) {
    const vault = asVault(got.data);
    if (!vault) throw unavailable('The vault answer holds no vaultPubkey.');
    return { vault: checkOwner(vault, wallet), registered: false };
  }
  if (got.failure.kind !== 'api' || got.failure.status !== 404) throw unavailable('The vault could not be read.', got.failure);

  const made = await callApi(runtime, 'vault', (o) => client.triggerV2RegisterVault(o));
  if (made.ok) {
    const vault = asVault(made.data);
    if (!vault) throw unavailable('The register answer holds no vaultPubkey.');
    return { vault: checkOwner(vault, wallet), registered: true };
  }
  const { failure } = made;
  if (failure.kind === 'api' && failure.status === 409) {
    const existing = asVault((failure.body as { details?: unknown } | undefined)?.details);
    if (existing) return { vault: checkOwner(existing, wallet), registered: false };
    // A 409 without the record: the vault exists, so reading it works now.
    const again = await callApi(runtime, 'vault', (o) => client.triggerV2GetVault(o));
    const vault = again.ok ? asVault(again.data) : undefined;
    if (vault) return { vault: checkOwner(vault, wallet), registered: false };
    throw unavailable('The vault is registered but could not be read.', again.ok ? failure : again.failure);
  }
  throw unavailable('The vault could not be registered.', failure);
}

export interface TriggerVaultOptions extends FlowRuntimeOptions {
  /** A client signed in (bearer) as `wallet`. */
  readonly client: TriggerVaultClient;
  /** The wallet the client is signed in as. */
  readonly wallet: string;
}

/**
 * Returns the wallet's vault, registering it first when the wallet has none. Throws
 * `FlowError('VAULT_UNAVAILABLE')` when neither works, `UNEXPECTED_RESPONSE` when the vault is
 * another wallet's (the client is signed in as someone else).
 */
export async function getOrRegisterTriggerVault(options: TriggerVaultOptions): Promise<TriggerVaultResult> {
  return await resolveVault(createRuntime(options), options.client, options.wallet);
}
