// Typed errors by status, their bodies and request ids, and the `{ data, error }` mode.
import { describe, expect, it, vi } from 'vitest';
import type { ResponseValidator } from './types.js';
import { fakeFetch, json, rejection, swapOrderQuery } from '../../test/fake-fetch.js';
import { createClient } from './create-client.js';
import {
  ApiError,
  AuthenticationError,
  BadRequestError,
  ConflictError,
  InternalServerError,
  NotFoundError,
  PermissionDeniedError,
  RateLimitError,
  ResponseParseError,
  ResponseValidationError,
  isGatewayError,
} from './errors.js';

const baseUrl = 'http://127.0.0.1:9';

describe("the gateway's errors and the area's, read one way", () => {
  const call = async (status: number, body: unknown) => {
    const fake = fakeFetch(() => json(body, status));
    const x = createClient({ baseUrl, apiKey: 'k', fetch: fake.fetch, maxRetries: 0 });
    return (await x.swapGetOrder({ query: swapOrderQuery }).catch((e: unknown) => e)) as ApiError;
  };

  it.each([
    [401, 'Unauthorized', AuthenticationError],
    [403, 'API key does not have access to this endpoint', PermissionDeniedError],
    [429, '[API Gateway] Too many requests', RateLimitError],
  ] as const)("the gateway's %i { code, message }: source 'gateway', its code and message", async (status, message, ErrorClass) => {
    const error = await call(status, { code: status, message });
    expect(error).toBeInstanceOf(ErrorClass);
    expect(isGatewayError(error)).toBe(true);
    expect(error.source).toBe('gateway');
    expect(error.code).toBe(status);
    expect(error.serverMessage).toBe(message);
    expect(error.message).toBe(`${status} GET /swap/v2/order: ${message}`);
  });

  it.each([
    ['{ error }', { error: 'Insufficient funds' }, undefined, 'Insufficient funds'],
    ['{ error, code } (numeric code)', { error: 'Transaction expired', code: -1005 }, -1005, 'Transaction expired'],
    ['{ error, code } (string code)', { error: 'Invalid token id', code: 'INVALID_TOKEN_ID' }, 'INVALID_TOKEN_ID', 'Invalid token id'],
    [
      '{ message, code } with a string code',
      { message: 'Event not found', code: 'not_found', request_id: 'r' },
      'not_found',
      'Event not found',
    ],
    [
      '{ error, cause, code }',
      { error: 'invalid request', cause: 'making amount too small', code: 400 },
      400,
      'invalid request: making amount too small',
    ],
  ])("an area's %s: source 'area', the same code and message reading", async (_, body, code, message) => {
    const error = await call(400, body);
    expect(isGatewayError(error)).toBe(false);
    expect(error.source).toBe('area');
    expect(error.code).toBe(code);
    expect(error.serverMessage).toBe(message);
  });

  it("an empty or non-JSON body is the area's, with its text as the message", async () => {
    const fake = fakeFetch(() => new Response('upstream down', { status: 502 }));
    const x = createClient({ baseUrl, fetch: fake.fetch, maxRetries: 0 });
    const error = (await x.swapGetOrder({ query: swapOrderQuery }).catch((e: unknown) => e)) as ApiError;
    expect(error.source).toBe('area');
    expect(error.code).toBeUndefined();
    expect(error.serverMessage).toBe('upstream down');
    expect(isGatewayError(new Error('x'))).toBe(false);
  });
});

describe('error statuses', () => {
  it.each([
    [400, BadRequestError],
    [401, AuthenticationError],
    [403, PermissionDeniedError],
    [404, NotFoundError],
    [409, ConflictError],
    [429, RateLimitError],
    [500, InternalServerError],
    [502, InternalServerError],
    [418, ApiError],
  ] as const)('%i → %s', async (status, ErrorClass) => {
    const fake = fakeFetch(() => json({ error: `status ${status}` }, status));
    const x = createClient({ baseUrl, apiKey: 'k', fetch: fake.fetch, maxRetries: 0 });
    const error = await x.triggerV2GetVault().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ErrorClass);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(status);
    expect((error as ApiError).body).toEqual({ error: `status ${status}` });
    expect((error as Error).message).toBe(`${status} GET /trigger/v2/vault: status ${status}`);
  });

  it('keeps the 409 details (the existing vault)', async () => {
    const details = { userPubkey: 'u', vaultPubkey: 'v' };
    const fake = fakeFetch(() => json({ error: 'vault already registered', details }, 409));
    const x = createClient({ baseUrl, fetch: fake.fetch });
    const { error } = await x.triggerV2RegisterVault({ throwOnError: false });
    expect(error).toBeInstanceOf(ConflictError);
    if (error instanceof ConflictError) expect(error.body).toEqual({ error: 'vault already registered', details });
  });

  it('reads the request id of swap order (requestId) and prediction (request_id) bodies', async () => {
    const swap = fakeFetch(() => json({ requestId: 'swap-req-1', error: 'bad mint' }, 400));
    const swapError = await rejection<ApiError>(createClient({ baseUrl, fetch: swap.fetch }).swapGetOrder({ query: swapOrderQuery }));
    expect(swapError.requestId).toBe('swap-req-1');

    const prediction = fakeFetch(() => json({ message: 'Event not found', request_id: 'req_7f3c', code: 'not_found' }, 404));
    const predictionError = await rejection<ApiError>(
      createClient({ baseUrl, fetch: prediction.fetch }).predictionGetEvent({ path: { eventId: 'e' } }),
    );
    expect(predictionError).toBeInstanceOf(NotFoundError);
    expect(predictionError.requestId).toBe('req_7f3c');
    expect(predictionError.message).toBe('404 GET /prediction/v1/events/{eventId}: Event not found');
  });

  it('handles an empty error body and a non-JSON error body', async () => {
    const empty = fakeFetch(() => new Response(null, { status: 403 }));
    const emptyError = await rejection<ApiError>(createClient({ baseUrl, fetch: empty.fetch }).triggerV2GetVault());
    expect(emptyError).toBeInstanceOf(PermissionDeniedError);
    expect(emptyError.body).toBeUndefined();
    expect(emptyError.text).toBeUndefined();
    expect(emptyError.message).toBe('403 GET /trigger/v2/vault');

    const html = fakeFetch(() => new Response('<html>Bad gateway</html>', { status: 400, headers: { 'content-type': 'text/html' } }));
    const htmlError = await rejection<ApiError>(
      createClient({ baseUrl, fetch: html.fetch }).txSubmit({ body: { signedTransaction: 'AQ==' } }),
    );
    expect(htmlError).toBeInstanceOf(BadRequestError);
    expect(htmlError.body).toBeUndefined();
    expect(htmlError.text).toBe('<html>Bad gateway</html>');
  });

  it('a 2xx body that is not JSON is a ResponseParseError', async () => {
    const fake = fakeFetch(() => new Response('{"trading_active": tru', { status: 200, headers: { 'content-type': 'application/json' } }));
    const error = await createClient({ baseUrl, fetch: fake.fetch })
      .predictionGetTradingStatus()
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ResponseParseError);
    expect((error as ResponseParseError).text).toBe('{"trading_active": tru');
  });
});

describe('throwOnError: false', () => {
  it('resolves to { data } on success and { error } on failure, with rate limits on both', async () => {
    const headers = { 'x-ratelimit-remaining': '3' };
    const fake = fakeFetch((request) =>
      request.url.endsWith('/vault') ? json({ error: 'vault not found' }, 404, headers) : json({ trading_active: false }, 200, headers),
    );
    const x = createClient({ baseUrl, fetch: fake.fetch, throwOnError: false });
    const ok = await x.predictionGetTradingStatus();
    expect(ok.error).toBeUndefined();
    expect(ok.data).toEqual({ trading_active: false });
    const failed = await x.triggerV2GetVault();
    expect(failed.data).toBeUndefined();
    expect(failed.error).toBeInstanceOf(NotFoundError);
    expect(failed.status).toBe(404);
    expect(failed.rateLimit).toEqual({ remaining: 3 });
    expect(ok.rateLimit).toEqual({ remaining: 3 });
  });

  it('a call can switch back to throwing', async () => {
    const fake = fakeFetch(() => json({ error: 'nope' }, 404));
    const x = createClient({ baseUrl, fetch: fake.fetch, throwOnError: false });
    await expect(x.triggerV2GetVault({ throwOnError: true })).rejects.toBeInstanceOf(NotFoundError);
  });

  it('a call the program made wrong still rejects with a TypeError, and nothing is sent', async () => {
    const fake = fakeFetch(() => json({}));
    const x = createClient({ baseUrl, fetch: fake.fetch, throwOnError: false });
    await expect(x.predictionGetMarket({ path: { marketId: '..' } })).rejects.toThrow(TypeError);
    await expect(x.triggerV1CreateOrder({ body: { amount: 1n } as never })).rejects.toThrow(TypeError);
    expect(fake.requests).toHaveLength(0);
  });
});

describe('response validation', () => {
  it('is off by default; a validator that throws fails the call, in both modes', async () => {
    const fake = fakeFetch(() => json({ trading_active: 'yes' }));
    const seen: string[] = [];
    const responseValidator: ResponseValidator = ({ operation, status, data }) => {
      seen.push(operation);
      if (typeof (data as { trading_active: unknown }).trading_active !== 'boolean') {
        throw new ResponseValidationError(operation, status, [{ path: 'trading_active', message: 'expected boolean' }], data);
      }
    };
    const strict = createClient({ baseUrl, fetch: fake.fetch, responseValidator });
    const error = await strict.predictionGetTradingStatus().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ResponseValidationError);
    expect((error as ResponseValidationError).issues).toEqual([{ path: 'trading_active', message: 'expected boolean' }]);
    expect((error as Error).message).toBe(
      '200 GET /prediction/v1/trading-status: the answer does not match the spec at trading_active: expected boolean',
    );
    expect(seen).toEqual(['GET /prediction/v1/trading-status']);
    const { error: returned } = await strict.predictionGetTradingStatus({ throwOnError: false });
    expect(returned).toBeInstanceOf(ResponseValidationError);

    const lenient = createClient({ baseUrl, fetch: fake.fetch });
    expect((await lenient.predictionGetTradingStatus()).data).toEqual({ trading_active: 'yes' });
  });

  it('gives the validator the client logger', async () => {
    const fake = fakeFetch(() => json({ trading_active: true }));
    const logger = { warn: vi.fn() };
    const x = createClient({ baseUrl, fetch: fake.fetch, logger, responseValidator: ({ logger: given }) => given?.warn?.('seen') });
    expect((await x.predictionGetTradingStatus()).data).toEqual({ trading_active: true });
    expect(logger.warn).toHaveBeenCalledWith('seen');
  });
});
