// GET /trigger/v2/vault (404 before register) and GET /trigger/v2/vault/register (201, then 409
// with the existing vault in details).
import type { TriggerV2Vault } from '@x/types';
import { iso } from '../context.js';
import type { Handler } from '../handler.js';
import { ApiError } from '../errors.js';
import type { Vault } from './store.js';

export const vaultBody = (vault: Vault): TriggerV2Vault => ({ ...vault });

export const triggerV2GetVault: Handler<'triggerV2GetVault'> = (ctx) => {
  const vault = ctx.sim.triggerV2.vaultOf(ctx.wallet!);
  if (!vault) throw new ApiError(404, 'Vault not found');
  return { body: vaultBody(vault) };
};

export const triggerV2RegisterVault: Handler<'triggerV2RegisterVault'> = (ctx) => {
  const { sim } = ctx;
  const wallet = ctx.wallet!;
  const existing = sim.triggerV2.vaultOf(wallet);
  if (existing) throw new ApiError(409, 'Vault already registered', { details: vaultBody(existing) });
  const now = sim.clock.now();
  const vault: Vault = { userPubkey: wallet, vaultPubkey: sim.random.address(), vaultId: sim.random.uuid(now), createdAt: iso(now) };
  sim.triggerV2.setVault(vault);
  return { status: 201, body: vaultBody(vault) };
};
