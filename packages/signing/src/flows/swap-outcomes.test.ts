/** The outcome lists agree with the spec's `x-error-codes` of `SwapExecuteResponse.code` (its `outcome`). */
import { loadSpec } from '@x/openapi/reader';
import { describe, expect, it } from 'vitest';
import { swapExecuteOutcome } from './swap-outcomes.js';

interface CodeEntry {
  readonly code: number;
  readonly outcome: string;
}

function specEntries(): CodeEntry[] {
  const spec = loadSpec() as unknown as {
    components: { schemas: Record<string, { properties: Record<string, Record<string, unknown>> }> };
  };
  return spec.components.schemas.SwapExecuteResponse!.properties.code!['x-error-codes'] as CodeEntry[];
}

describe('swapExecuteOutcome', () => {
  it('gives every execute code of the spec the outcome the spec gives it', () => {
    const entries = specEntries();
    expect(entries.length).toBeGreaterThan(0);
    for (const entry of entries) expect([entry.code, swapExecuteOutcome(entry.code)]).toEqual([entry.code, entry.outcome]);
  });

  it('a code the spec does not list is failed', () => {
    const listed = new Set(specEntries().map((entry) => entry.code));
    const unlisted = [-999_999, 123_456].filter((code) => !listed.has(code));
    for (const code of unlisted) expect(swapExecuteOutcome(code)).toBe('failed');
  });
});
