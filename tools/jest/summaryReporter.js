// Prints the plain closing line that CI reads: "N passed, N failed".
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
