// The static, node and browser projects' test environment: jest's node environment, also noting what each
// test file cost the jest worker that ran it (its CPU and that of the processes it started and
// reaped: an API through tsx, tsc, a nested jest), for the summary reporter's "most CPU" list.
// Chromium, the Temporal dev server, the run's worker and PostgreSQL serve every file at once and
// are not counted here (tools/ci/cpu-by-process.py splits a run's CPU by process). It also notes the
// time budget of each test whose budget is not the run's `testTimeout` (`jest.setTimeout` in the file, or
// a test's own timeout), which only the test's own realm knows, so the reporter measures it by its own;
// while a test or hook runs, when its budget ends, so a wait in it lasts as long as the step may.
const fs = require('node:fs');
const path = require('node:path');
const { TestEnvironment } = require('jest-environment-node');

/** one line per static, node or browser test file, under the project's root; the summary reporter reads it */
const CPU_LOG = path.join('.data', 'test-cpu.jsonl');

/** the test's global that eventually() reads (STEP_ENDS in tests/support/eventually.ts) */
const STEP_ENDS = '__plauditStepEnds';

// Linux's /proc reports times in USER_HZ, which is 100 on every architecture Node runs on
const TICK_MS = 10;

/** CPU milliseconds of this process and of its children that ended and were waited for */
function cpuMs() {
  const { user, system } = process.cpuUsage();
  let children = 0;
  try {
    const stat = fs.readFileSync('/proc/self/stat', 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    children = (Number(fields[13]) + Number(fields[14])) * TICK_MS; // cutime, cstime
  } catch {
    // not Linux: this process only
  }
  return (user + system) / 1000 + children;
}

/** a test's name as jest's results give it (`fullName`): its describe blocks' names and its own */
function testName(test) {
  const names = [];
  for (let t = test; t && t.parent; t = t.parent) names.unshift(t.name);
  return names.join(' ');
}

class MeasuredEnvironment extends TestEnvironment {
  constructor(config, context) {
    super(config, context);
    this.file = path.relative(config.projectConfig.rootDir, context.testPath);
    this.log = path.join(config.projectConfig.rootDir, CPU_LOG);
    this.runTimeout = config.globalConfig.testTimeout;
    this.budgets = {};
  }

  /**
   * jest-circus's events. A test's or hook's budget is its own timeout, else the file's (`jest.setTimeout`):
   * while it runs, its end is on the test's global for eventually() (tests/support/eventually.ts), which
   * waits until then rather than fail sooner; a finished test's budget is noted for the reporter.
   */
  handleTestEvent(event, state) {
    const step = event.name === 'test_fn_start' ? event.test : event.name === 'hook_start' ? event.hook : undefined;
    if (step) {
      const budgetMs = step.timeout || state.testTimeout;
      this.global[STEP_ENDS] = { endsAt: performance.now() + budgetMs, budgetMs };
    } else if (/^(test_fn|hook)_(success|failure)$/.test(event.name)) {
      delete this.global[STEP_ENDS];
    }
    if (event.name !== 'test_done') return;
    const budget = event.test.timeout || state.testTimeout;
    if (budget !== this.runTimeout) this.budgets[testName(event.test)] = budget;
  }

  async setup() {
    this.started = cpuMs();
    await super.setup();
  }

  async teardown() {
    await super.teardown();
    fs.mkdirSync(path.dirname(this.log), { recursive: true });
    const budgets = Object.keys(this.budgets).length ? { budgets: this.budgets } : {};
    fs.appendFileSync(this.log, `${JSON.stringify({ file: this.file, cpuMs: Math.round(cpuMs() - this.started), ...budgets })}\n`);
  }
}

module.exports = MeasuredEnvironment;
module.exports.CPU_LOG = CPU_LOG;
