import { HttpResponse } from 'msw';

/** A `{ status, body, headers }` triple as an MSW response (JSON body, or none for an empty one). */
export function fixtureResponse(status: number, body: unknown, headers: Readonly<Record<string, string>> = {}): Response {
  if (body === undefined) return new HttpResponse(null, { status, headers });
  return HttpResponse.json(body as never, { status, headers });
}
