// The suite's health at the end of every run: the total time, the slowest files, the files that
// cost their jest worker the most CPU (tests/setup/node-environment.js notes it), any test that was
// retried or used more than half of its time budget (the next to time out on a busy machine: the run's
// `testTimeout`, or the file's or test's own, which the environment notes), then
// the plain closing line CI reads ("tests: N passed, N failed").
const fs = require('node:fs');

const SLOWEST = 20;
// a test past this share of its timeout is named: it passes today and times out under load tomorrow
const BUDGET_SHARE = 0.5;

const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;
// one line per static, node or browser test file, appended by its environment's teardown
const { CPU_LOG } = require('./node-environment');

function filesByCpu() {
  if (!fs.existsSync(CPU_LOG)) return [];
  const lines = fs.readFileSync(CPU_LOG, 'utf8').trim().split('\n').filter(Boolean);
  return lines.map((l) => JSON.parse(l)).sort((a, b) => b.cpuMs - a.cpuMs);
}

class SummaryReporter {
  constructor(globalConfig) {
    this.timeout = globalConfig.testTimeout ?? 5000;
  }

  onRunStart() {
    fs.rmSync(CPU_LOG, { force: true });
  }

  onRunComplete(_contexts, results) {
    const lines = [''];
    const files = results.testResults.map((r) => ({
      path: r.testFilePath.replace(`${process.cwd()}/`, ''),
      ms: r.perfStats.end - r.perfStats.start,
      tests: r.testResults,
    }));
    const total = Date.now() - results.startTime;
    lines.push(`suite: ${results.numTotalTestSuites} files, ${results.numTotalTests} tests in ${seconds(total)}`);
    lines.push(`slowest ${Math.min(SLOWEST, files.length)} files:`);
    for (const f of [...files].sort((a, b) => b.ms - a.ms).slice(0, SLOWEST)) lines.push(`  ${seconds(f.ms).padStart(8)}  ${f.path}`);
    const byCpu = filesByCpu();
    if (byCpu.length) {
      const sum = byCpu.reduce((n, f) => n + f.cpuMs, 0);
      lines.push(
        `most CPU of their jest worker (of ${seconds(sum)} for ${byCpu.length} static, node and browser files; Chromium and the shared services not counted):`,
      );
      for (const f of byCpu.slice(0, SLOWEST)) lines.push(`  ${seconds(f.cpuMs).padStart(8)}  ${f.file}`);
    }
    const retried = files.flatMap((f) => f.tests.filter((t) => (t.invocations ?? 1) > 1).map((t) => `  ${f.path} > ${t.fullName} (${t.invocations} runs)`));
    if (retried.length) lines.push('retried:', ...retried);
    const budgets = new Map(byCpu.map((f) => [f.file, f.budgets ?? {}]));
    const slow = files.flatMap((f) =>
      f.tests.flatMap((t) => {
        const budget = budgets.get(f.path)?.[t.fullName] ?? this.timeout;
        if ((t.duration ?? 0) <= budget * BUDGET_SHARE) return [];
        return [`  ${seconds(t.duration)}  ${f.path} > ${t.fullName}${budget === this.timeout ? '' : ` (its budget ${seconds(budget)})`}`];
      }),
    );
    if (slow.length) lines.push(`over half their time budget (${seconds(this.timeout)} unless the file or test sets its own):`, ...slow);
    // every file's time, slowest first, for the next run's planning (not read by the suite)
    const times = Object.fromEntries([...files].sort((a, b) => b.ms - a.ms).map((f) => [f.path, Math.round(f.ms)]));
    fs.mkdirSync('.data', { recursive: true });
    fs.writeFileSync('.data/test-times.json', `${JSON.stringify(times, null, 1)}\n`);
    const skipped = results.numPendingTests + results.numTodoTests;
    const failed = results.numFailedTests + results.numRuntimeErrorTestSuites;
    lines.push('', `tests: ${results.numPassedTests} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`, '');
    process.stdout.write(lines.join('\n'));
  }
}
module.exports = SummaryReporter;
