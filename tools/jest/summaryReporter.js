// Closing counts and times of one jest run. Deliberately prefixed ("tests: …"): the plain
// "N passed, N failed" line CI reads is printed once, by `npm test` (tools/launcher/src/testMain.ts),
// over all projects. The slowest files are listed so a tier near its budget shows where its time goes.
const path = require('node:path');

const SLOWEST = 8;
const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;

class SummaryReporter {
  onRunComplete(_contexts, results) {
    const skipped = results.numPendingTests + results.numTodoTests;
    const suitesFailed = results.numFailedTestSuites;
    const files = results.testResults
      .map((file) => ({ file: path.relative(process.cwd(), file.testFilePath), ms: file.perfStats.end - file.perfStats.start }))
      .filter((f) => f.ms > 0)
      .sort((a, b) => b.ms - a.ms)
      .slice(0, SLOWEST);
    process.stdout.write(
      `\nsuites: ${results.numPassedTestSuites} passed, ${suitesFailed} failed in ${seconds(Date.now() - results.startTime)}\n` +
        (files.length > 1 ? `slowest files:\n${files.map((f) => `  ${seconds(f.ms).padStart(8)}  ${f.file}`).join('\n')}\n` : '') +
        `tests: ${results.numPassedTests} passed, ${results.numFailedTests} failed` +
        (skipped ? `, ${skipped} skipped` : '') +
        '\n',
    );
  }
}
module.exports = SummaryReporter;
