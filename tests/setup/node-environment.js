// The static, node and browser projects' test environment: jest's node environment, also noting what each
// test file cost the jest worker that ran it (its CPU and that of the processes it started and
// reaped: an API through tsx, tsc, a nested jest), for the summary reporter's "most CPU" list.
// Chromium, the Temporal dev server, the run's worker and PostgreSQL serve every file at once and
// are not counted here (tools/ci/cpu-by-process.py splits a run's CPU by process).
const fs = require('node:fs');
const path = require('node:path');
const { TestEnvironment } = require('jest-environment-node');

/** one line per static, node or browser test file, under the project's root; the summary reporter reads it */
const CPU_LOG = path.join('.data', 'test-cpu.jsonl');

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

class MeasuredEnvironment extends TestEnvironment {
  constructor(config, context) {
    super(config, context);
    this.file = path.relative(config.projectConfig.rootDir, context.testPath);
    this.log = path.join(config.projectConfig.rootDir, CPU_LOG);
  }

  async setup() {
    this.started = cpuMs();
    await super.setup();
  }

  async teardown() {
    await super.teardown();
    fs.mkdirSync(path.dirname(this.log), { recursive: true });
    fs.appendFileSync(this.log, `${JSON.stringify({ file: this.file, cpuMs: Math.round(cpuMs() - this.started) })}\n`);
  }
}

module.exports = MeasuredEnvironment;
module.exports.CPU_LOG = CPU_LOG;
