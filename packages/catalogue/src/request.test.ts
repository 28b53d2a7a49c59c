import { describe, expect, it } from 'vitest';
import { catalogue } from './gen/catalogue.gen.js';
import { requestOf, requestProblems } from './request.js';

const op = (id: string) => catalogue.find((o) => o.operationId === id)!;
const problems = (id: string, values: Record<string, unknown>) => requestProblems(op(id), requestOf(op(id), values), (name) => `--${name}`);

describe('requestProblems', () => {
  it('names the flag of each problem', () => {
    expect(problems('predictionGetEventMarket', { eventId: 'e1' })).toEqual(['--marketId: required']);
    expect(problems('predictionGetEventMarket', { eventId: 'e1', marketId: 'm1' })).toEqual([]);
  });

  it('refuses a path parameter of . or .., which would address another path (`/events/e1/markets/..` is `/events/e1`)', () => {
    expect(problems('predictionGetEventMarket', { eventId: 'e1', marketId: '..' })).toEqual([
      '--marketId: must not be "." or ".." (in the path it would address another operation)',
    ]);
    expect(problems('predictionGetMarket', { marketId: '.' })).toHaveLength(1);
    expect(problems('predictionGetMarket', { marketId: '...' })).toEqual([]);
  });
});
