// Adds up the JSON test reports of vitest and jest (the two share the counters) for the closing
// line of `npm test`. Runs on the machine's Node 20 (plain JavaScript, no dependency).
//
// A test file that fails before or around its tests (an import that throws, such as a browser
// suite without its browser, or a failing `beforeAll`) has no failed test: vitest lists it as a
// failed file with no failed assertion (its tests absent or skipped), jest as a runtime-error suite.
// Each such file counts as one failure, so the closing line never says `0 failed` about a run
// whose files did not all run.

/**
 * @typedef {{ status?: string; message?: string; name?: string; assertionResults?: { status?: string }[] }} FileResult
 * @typedef {{ numPassedTests: number; numFailedTests: number; numPendingTests: number; numTodoTests?: number;
 *   numRuntimeErrorTestSuites?: number; testResults?: FileResult[] }} Report
 */

/** Files of a report that failed without a failed test of their own. */
function brokenFiles(/** @type {Report} */ report) {
  if (!report.testResults) return report.numRuntimeErrorTestSuites ?? 0;
  return report.testResults.filter((file) => file.status === 'failed' && !file.assertionResults?.some((a) => a.status === 'failed')).length;
}

/**
 * @param {Report[]} reports
 * @returns {{ passed: number; failed: number; skipped: number; brokenFiles: number }}
 *   `failed` counts failed tests plus the files that failed without one (`brokenFiles`).
 */
export function tallyReports(reports) {
  const total = { passed: 0, failed: 0, skipped: 0, brokenFiles: 0 };
  for (const report of reports) {
    const broken = brokenFiles(report);
    total.passed += report.numPassedTests;
    total.failed += report.numFailedTests + broken;
    total.skipped += report.numPendingTests + (report.numTodoTests ?? 0);
    total.brokenFiles += broken;
  }
  return total;
}

/** The closing line: `tests: N passed, N failed[ (N test files failed outside a test)][, N skipped]`. */
export function testsLine(/** @type {ReturnType<typeof tallyReports>} */ t) {
  const broken = t.brokenFiles ? ` (${t.brokenFiles} test file${t.brokenFiles === 1 ? '' : 's'} failed outside a test)` : '';
  return `tests: ${t.passed} passed, ${t.failed} failed${broken}${t.skipped ? `, ${t.skipped} skipped` : ''}`;
}
