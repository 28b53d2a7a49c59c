// The gate of `npm test`: every change of spec/ since the last release has its changeset at the level
// its impact asks (tools/spec-evolution/check.ts). A failure lists each change, why it is breaking
// or not, and the changeset to add.
import { describe, expect, it } from 'vitest';
import { checkSpecEvolution } from '../spec-evolution/check.ts';
import { root } from './workspace.ts';

describe('spec evolution', () => {
  it('every change of spec/ since the released spec has a changeset at the right level', () => {
    const report = checkSpecEvolution(root);
    console.log(report.message);
    expect(report.ok, report.message).toBe(true);
  });
});
