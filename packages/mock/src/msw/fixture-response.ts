import { type DefaultBodyType, HttpResponse } from 'msw';

/**
 * A `{ status, body, headers }` triple as an MSW response (JSON body, or none for an empty one).
 * Typed as an `HttpResponse`, not a plain `Response`: msw 2's resolver types accept only the former.
 */
export function fixtureResponse(
  status: number,
  body: unknown,
  headers: Readonly<Record<string, string>> = {},
): HttpResponse<DefaultBodyType> {
  if (body === undefined) return new HttpResponse<DefaultBodyType>(null, { status, headers });
  return HttpResponse.json(body as never, { status, headers });
}
