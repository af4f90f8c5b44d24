// Closing counts of one jest run. Deliberately prefixed ("tests: …"): the plain "N passed, N failed"
// line CI reads is printed once, by `npm test` (tools/launcher/src/testMain.ts), over all projects.
class SummaryReporter {
  onRunComplete(_contexts, results) {
    const skipped = results.numPendingTests + results.numTodoTests;
    const suitesFailed = results.numFailedTestSuites;
    process.stdout.write(
      `\nsuites: ${results.numPassedTestSuites} passed, ${suitesFailed} failed\n` +
        `tests: ${results.numPassedTests} passed, ${results.numFailedTests} failed` +
        (skipped ? `, ${skipped} skipped` : '') +
        '\n',
    );
  }
}
module.exports = SummaryReporter;
