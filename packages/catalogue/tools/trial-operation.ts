// A trial: a copy of the bundled document with two operations added the way a contributor adds
// one (a path item, nothing else), to show that the catalogue, and so the `x` command and the
// `x-mcp` tool, follow from the spec with no hand edit.
import { loadSpec, type OpenApiDocument } from '@x/openapi/reader';

const rateLimited = { $ref: '#/components/responses/RateLimited' };

export function documentWithTrialOperations(): OpenApiDocument {
  const doc = structuredClone(loadSpec()) as OpenApiDocument & { paths: Record<string, unknown> };
  doc.paths['/prediction/v1/trial-market-count'] = {
    get: {
      operationId: 'predictionGetTrialMarketCount',
      'x-agent-summary': 'How many markets a prediction event has.',
      summary: 'Trial: count the markets of an event',
      tags: ['Prediction'],
      parameters: [
        {
          name: 'eventId',
          in: 'query',
          required: true,
          description: 'The event.',
          schema: { type: 'string', minLength: 3 },
          example: 'evt-1',
        },
      ],
      responses: {
        '200': {
          description: 'The count.',
          content: { 'application/json': { schema: { type: 'object', required: ['count'], properties: { count: { type: 'integer' } } } } },
        },
        '429': rateLimited,
      },
    },
  };
  doc.paths['/lend/v1/trial-prepare'] = {
    post: {
      operationId: 'lendTrialPrepare',
      'x-agent-summary': 'An unsigned trial lend transaction for a wallet.',
      summary: 'Trial: prepare a transaction',
      tags: ['Lend'],
      'x-prepares-transaction': true,
      requestBody: {
        required: true,
        content: {
          'application/json': {
            schema: { type: 'object', required: ['owner'], properties: { owner: { $ref: '#/components/schemas/PublicKey' } } },
            example: { owner: 'EwV78VBLEhDmtkHxBv6hcTBjrfhbM8b3n1cCELt4imKg' },
          },
        },
      },
      responses: {
        '200': {
          description: 'The unsigned transaction.',
          content: {
            'application/json': {
              schema: {
                type: 'object',
                properties: { transaction: { $ref: '#/components/schemas/Base64Transaction', 'x-unsigned-transaction': true } },
              },
            },
          },
        },
        '429': rateLimited,
      },
    },
  };
  return doc;
}
