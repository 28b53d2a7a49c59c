// The service's credential rules, as the MSW handlers apply them: the gateway's API key on every
// operation whose security names it, and trigger v2's bearer token where its security asks for it.
// The security lists come from the spec (request-examples.gen.ts); the answers are the spec's own
// `invalidApiKey` and `bearerTokenRejected` examples of each operation.
import type { DefaultBodyType, HttpResponse } from 'msw';
import { BEARER_JWT, requiresApiKey } from '../credential-rules.js';
import { fixtures, type FixtureOperationId } from '../gen/fixtures.gen.js';
import { requestExamples } from '../gen/request-examples.gen.js';
import { fixtureResponse } from './fixture-response.js';

type AnyFixture = { status: number; body: unknown; headers: Record<string, string> };

function example(operationId: FixtureOperationId, name: string): HttpResponse<DefaultBodyType> {
  const fixture = (fixtures[operationId].examples as Record<string, AnyFixture | undefined>)[name];
  if (!fixture) throw new Error(`${operationId}: the spec has no ${name} example to answer a missing credential with`);
  return fixtureResponse(fixture.status, fixture.body, fixture.headers);
}

/** The response the service gives a request without the credentials `operationId` needs, if any. */
export function credentialsFailure(operationId: FixtureOperationId, request: Request): HttpResponse<DefaultBodyType> | undefined {
  const security = requestExamples[operationId].security as readonly string[];
  if (requiresApiKey(security) && !request.headers.get('x-api-key')?.trim()) {
    return example(operationId, 'invalidApiKey');
  }
  if (security.includes('TriggerJwt') && !BEARER_JWT.test(request.headers.get('authorization')?.trim() ?? '')) {
    return example(operationId, 'bearerTokenRejected');
  }
  return undefined;
}
