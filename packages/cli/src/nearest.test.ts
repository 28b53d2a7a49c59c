import { describe, expect, it } from 'vitest';
import { nearest } from './nearest.js';

describe('nearest', () => {
  const names = ['swap-get-order', 'swap-get-build', 'prediction-get-market', 'predictionGetMarket'];

  it('names the command a typo was meant to be (case ignored)', () => {
    expect(nearest('swap-get-ordr', names)).toBe('swap-get-order');
    expect(nearest('swap-gte-build', names)).toBe('swap-get-build');
    expect(nearest('PredictionGetMarket', names)).toBe('predictionGetMarket');
  });

  it('names none for a word that is not close to any (a key, another word)', () => {
    expect(nearest('Zq8Lk2vT9fXw4Rb7Hm3Nc6Yp', names)).toBeUndefined();
    expect(nearest('quote', names)).toBeUndefined();
    expect(nearest('', names)).toBeUndefined();
  });
});
