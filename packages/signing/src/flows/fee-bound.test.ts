import { automaticPriorityFeeCap } from '@x/openapi/reader';
import { describe, expect, it } from 'vitest';
import { AUTOMATIC_PRIORITY_FEE_CAP_LAMPORTS } from '../gen/priority-fee.gen.js';
import { DEFAULT_MAX_PRIORITY_FEE_LAMPORTS, priorityFeeBound } from './fee-bound.js';

describe('the default priority-fee bound', () => {
  it("is the spec's cap of the automatic priority fee (x-automatic-priority-fee of swap order's priorityFeeLamports), generated from it", () => {
    expect(AUTOMATIC_PRIORITY_FEE_CAP_LAMPORTS).toBe(automaticPriorityFeeCap());
    expect(DEFAULT_MAX_PRIORITY_FEE_LAMPORTS).toBe(AUTOMATIC_PRIORITY_FEE_CAP_LAMPORTS);
  });

  it('bounds an answer that names no priority fee when the caller sets no bound', () => {
    expect(priorityFeeBound('order', 'prioritizationFeeLamports', {}, undefined)).toBe(automaticPriorityFeeCap());
    expect(priorityFeeBound('order', 'prioritizationFeeLamports', { prioritizationFeeLamports: null }, 7)).toBe(7);
  });
});
