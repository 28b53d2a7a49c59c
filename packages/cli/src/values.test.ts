import { catalogue } from '@x/catalogue';
import { describe, expect, it } from 'vitest';
import { typedValue } from './values.js';

const param = (operationId: string, name: string) =>
  catalogue.find((op) => op.operationId === operationId)!.parameters.find((p) => p.name === name)!;

describe('typedValue', () => {
  it('types a flag by its schema: a number, a boolean, else the text', () => {
    expect(typedValue(param('swapGetOrder', 'slippageBps'), '50')).toBe(50);
    expect(typedValue(param('predictionListEvents', 'includeMarkets'), 'true')).toBe(true);
    expect(typedValue(param('swapGetOrder', 'amount'), '1000')).toBe('1000');
  });

  it('refuses an integer a JSON number cannot hold exactly, instead of sending it rounded', () => {
    expect(() => typedValue(param('swapGetOrder', 'priorityFeeLamports'), '99999999999999999999')).toThrow(
      '--priorityFeeLamports: 99999999999999999999 is past the largest integer sent exactly (9007199254740991)',
    );
    expect(typedValue(param('swapGetOrder', 'priorityFeeLamports'), '9007199254740991')).toBe(9007199254740991);
  });
});
