import { describe, expect, it } from 'vitest';
import { catalogue } from './gen/catalogue.gen.js';
import { withholdSensitive } from './withhold.js';

const verify = catalogue.find((op) => op.operationId === 'triggerV2VerifyChallenge')!;

describe('withholdSensitive', () => {
  it('replaces the fields the spec marks x-sensitive, keeps the rest, and names what it replaced', () => {
    const answer = { token: 'eyJhbGciOiJIUzI1NiJ9.e30.c2ln', expiresIn: 3600 };
    expect(withholdSensitive(verify, answer, '[withheld]')).toEqual({
      data: { token: '[withheld]', expiresIn: 3600 },
      withheld: ['token'],
    });
    expect(answer.token).toBe('eyJhbGciOiJIUzI1NiJ9.e30.c2ln');
  });

  it('leaves an answer without them, or not an object, as it is', () => {
    expect(withholdSensitive(verify, { expiresIn: 1 }, '[withheld]')).toEqual({ data: { expiresIn: 1 }, withheld: [] });
    expect(withholdSensitive(verify, ['token'], '[withheld]')).toEqual({ data: ['token'], withheld: [] });
    expect(withholdSensitive({ sensitiveAnswerFields: [] }, { token: 't' }, '[withheld]').withheld).toEqual([]);
  });
});
