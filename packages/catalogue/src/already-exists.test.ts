import { ConflictError } from '@x/fetch-client';
import { describe, expect, it } from 'vitest';
import { existingAfter } from './already-exists.js';
import { catalogue } from './gen/catalogue.gen.js';

const register = catalogue.find((op) => op.operationId === 'triggerV2RegisterVault')!;
const express = catalogue.find((op) => op.operationId === 'tokensExecuteExpress')!;
const vault = { userPubkey: 'EwV78VBLEhDmtkHxBv6hcTBjrfhbM8b3n1cCELt4imKg', vaultPubkey: '8cvtXmBWUdxLES4cQ9vBerCBp5AHd89J8XEU4XYxE865' };
const conflict = (body: unknown) =>
  new ConflictError({ status: 409, operation: 'GET /trigger/v2/vault/register', body, headers: new Headers(), text: undefined } as never);
const noRead = async () => {
  throw new Error('not read');
};

describe('existingAfter', () => {
  it("vault register's 409 is what exists: the answer's details, else the read the mark names", async () => {
    const found = await existingAfter(register, conflict({ error: 'Vault already registered', details: vault }), noRead);
    expect(found?.answer.data).toEqual(vault);
    expect(found?.how).toMatch(/^it exists already \(HTTP 409: Vault already registered\): nothing new was made/);
    const read: string[] = [];
    const again = await existingAfter(register, conflict({ error: 'Vault already registered' }), async (id) => {
      read.push(id);
      return { data: vault, status: 200, headers: new Headers() };
    });
    expect(read).toEqual(['triggerV2GetVault']);
    expect(again?.answer).toMatchObject({ data: vault, status: 200 });
  });

  it('another status, another error, or an operation without the mark: undefined (reported as before)', async () => {
    expect(await existingAfter(express, conflict({ status: 409, message: 'not eligible' }), noRead)).toBeUndefined();
    expect(await existingAfter(register, new Error('down'), noRead)).toBeUndefined();
  });
});
