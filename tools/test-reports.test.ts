import { describe, expect, it } from 'vitest';
import { tallyReports, testsLine } from './test-reports.mjs';

// Trimmed from real reports: vitest 5 (`--reporter=json`) and jest 30 (`--json`) on three files,
// one with a failed test, one whose import throws, one whose `beforeAll` throws.
const vitestReport = {
  numPassedTests: 1,
  numFailedTests: 1,
  numPendingTests: 1,
  numTodoTests: 0,
  numFailedTestSuites: 3,
  testResults: [
    { name: '/r/a.test.ts', status: 'failed', message: '', assertionResults: [{ status: 'passed' }, { status: 'failed' }] },
    { name: '/r/browser.test.ts', status: 'failed', message: 'Chromium not found', assertionResults: [] },
    { name: '/r/setup.test.ts', status: 'failed', message: 'setup failed', assertionResults: [{ status: 'skipped' }] },
  ],
};
const jestReport = {
  numPassedTests: 1,
  numFailedTests: 1,
  numPendingTests: 0,
  numTodoTests: 0,
  numRuntimeErrorTestSuites: 1,
  testResults: [
    { name: '/r/a.test.mjs', status: 'failed', message: '', assertionResults: [{ status: 'passed' }, { status: 'failed' }] },
    { name: '/r/b.test.mjs', status: 'failed', message: 'Chromium not found', assertionResults: [] },
  ],
};
const green = {
  numPassedTests: 2504,
  numFailedTests: 0,
  numPendingTests: 0,
  testResults: [{ name: '/r/ok.test.ts', status: 'passed', assertionResults: [{ status: 'passed' }] }],
};

describe('tallyReports', () => {
  it('counts a vitest file that failed outside its tests (import or beforeAll threw) as a failure', () => {
    const tally = tallyReports([
      green,
      { ...vitestReport, numPassedTests: 0, numFailedTests: 0, testResults: vitestReport.testResults.slice(1) },
    ]);
    expect(tally).toEqual({ passed: 2504, failed: 2, skipped: 1, brokenFiles: 2 });
    expect(testsLine(tally)).toBe('tests: 2504 passed, 2 failed (2 test files failed outside a test), 1 skipped');
  });

  it('does not count a file twice when one of its tests failed', () => {
    expect(tallyReports([vitestReport])).toEqual({ passed: 1, failed: 3, skipped: 1, brokenFiles: 2 });
  });

  it('counts a jest runtime-error suite once, from its file list or, without one, from its counter', () => {
    expect(tallyReports([jestReport])).toMatchObject({ passed: 1, failed: 2, brokenFiles: 1 });
    const { testResults: _, ...counters } = jestReport;
    expect(tallyReports([counters])).toMatchObject({ failed: 2, brokenFiles: 1 });
  });

  it('says 0 failed only when every file ran', () => {
    const tally = tallyReports([green, green]);
    expect(testsLine(tally)).toBe('tests: 5008 passed, 0 failed');
  });
});
