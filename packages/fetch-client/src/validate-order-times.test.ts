// The times of a trigger v2 order record (`expiresAt`, `createdAt`, `updatedAt`) are Unix
// milliseconds, numbers on the wire and in the types. An answer that carries another type is
// breaking drift: the validator reports it (a ResponseValidationError from `responseValidator`),
// it neither lets a numeric string through nor throws an error of its own.
import { describe, expect, it } from 'vitest';
import { ResponseValidationError } from './lib/errors.js';
import { responseIssues, responseValidator } from './validate.js';

const route = 'GET /trigger/v2/orders/history';

/** A history page of one record (the always-present fields) with `times` added. */
const page = (times: Record<string, unknown>) => ({
  orders: [
    {
      id: '480c6b0b-93ba-4e37-b794-275f9e28df17',
      orderType: 'single',
      orderState: 'open',
      userPubkey: 'EwV78VBLEhDmtkHxBv6hcTBjrfhbM8b3n1cCELt4imKg',
      inputMint: 'So11111111111111111111111111111111111111112',
      outputMint: '7gQqK6wWf1gAc7f2R4oQ18Q4m6Vazr1umgktSGsnJZny',
      ...times,
    },
  ],
  pagination: { total: 1, limit: 20, offset: 0 },
});

describe('trigger v2 order times in the response validator', () => {
  it('accepts integer milliseconds, and a null expiry', async () => {
    expect(await responseIssues(route, page({ createdAt: 1795169100000, updatedAt: 1795169100000, expiresAt: null }))).toEqual([]);
  });

  it.each([
    ['an ISO 8601 text', 'createdAt', '2026-11-20T09:00:00Z'],
    ['a numeric string', 'createdAt', '1795169100000'],
    ['a fraction', 'updatedAt', 1795169100000.5],
    ['a word', 'expiresAt', 'never'],
  ])('reports %s as breaking drift of its field', async (_what, field, value) => {
    const issues = await responseIssues(route, page({ [field]: value }));
    expect(issues).toEqual([expect.objectContaining({ path: `orders.0.${field}`, kind: 'breaking' })]);
  });

  it('fails the call with a ResponseValidationError', async () => {
    const call = responseValidator({ operation: route, status: 200, data: page({ createdAt: '2026-11-20T09:00:00Z' }) });
    await expect(call).rejects.toBeInstanceOf(ResponseValidationError);
  });
});
