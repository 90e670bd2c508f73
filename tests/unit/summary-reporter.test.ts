// The summary reporter's "most CPU" list (issue 38): read from what each file's environment noted.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const SummaryReporter = require('../setup/summary-reporter.js');

const file = (testFilePath: string, ms: number) => ({ testFilePath, perfStats: { start: 0, end: ms }, testResults: [] });
const results = {
  startTime: Date.now(),
  numTotalTestSuites: 3,
  numTotalTests: 3,
  numPassedTests: 3,
  numFailedTests: 0,
  numRuntimeErrorTestSuites: 0,
  numPendingTests: 0,
  numTodoTests: 0,
  testResults: [file('/x/a.test.ts', 9000), file('/x/b.test.ts', 1000), file('/x/c.test.ts', 500)],
};

let cwd: string;
let dir: string;
beforeEach(() => {
  cwd = process.cwd();
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'summary-reporter-'));
  process.chdir(dir);
});
afterEach(() => {
  process.chdir(cwd);
  fs.rmSync(dir, { recursive: true, force: true });
});

function summary(run: object = results): string {
  const write = jest.spyOn(process.stdout, 'write').mockImplementation(() => true);
  try {
    new SummaryReporter({ testTimeout: 60_000 }).onRunComplete(new Set(), run);
    return write.mock.calls.map(([text]) => String(text)).join('');
  } finally {
    write.mockRestore();
  }
}

test('files are listed by the CPU their environment noted, most first, with the total', () => {
  const reporter = new SummaryReporter({ testTimeout: 60_000 });
  fs.mkdirSync('.data');
  fs.writeFileSync('.data/test-cpu.jsonl', 'stale line of an earlier run\n');
  reporter.onRunStart();
  expect(fs.existsSync('.data/test-cpu.jsonl')).toBe(false);
  fs.writeFileSync(
    '.data/test-cpu.jsonl',
    ['a.test.ts', 'b.test.ts', 'c.test.ts'].map((f, i) => JSON.stringify({ file: f, cpuMs: [1500, 12_250, 700][i] })).join('\n'),
  );
  const text = summary();
  expect(text).toContain('most CPU of their jest worker (of 14.4 s for 3 static, node and browser files');
  const listed = text.slice(text.indexOf('most CPU')).split('\n').slice(1, 4);
  expect(listed.map((l) => l.trim())).toEqual(['12.3 s  b.test.ts', '1.5 s  a.test.ts', '0.7 s  c.test.ts']);
});

test('a run without node or browser files prints no CPU list', () => {
  expect(summary()).not.toContain('most CPU');
});

/** one finished test as jest's results give it */
const ran = (fullName: string, duration: number) => ({ fullName, duration, invocations: 1 });

test("a test is measured against its own budget: the run's timeout, else the file's or the test's own", async () => {
  // what the environment notes in the test file's realm: `jest.setTimeout(240_000)`, and one test's own 90 s
  const MeasuredEnvironment = require('../setup/node-environment.js');
  const env = new MeasuredEnvironment(
    { globalConfig: { testTimeout: 60_000 }, projectConfig: { rootDir: dir, testEnvironmentOptions: {}, globals: {} } },
    { testPath: path.join(dir, 'a.test.ts'), console, docblockPragmas: {} },
  );
  await env.setup();
  const root = { name: 'ROOT_DESCRIBE_BLOCK' };
  const block = { name: 'a cluster', parent: root };
  env.handleTestEvent({ name: 'test_done', test: { name: 'scales out', parent: block } }, { testTimeout: 240_000 });
  env.handleTestEvent({ name: 'test_done', test: { name: 'answers', parent: root } }, { testTimeout: 60_000 });
  env.handleTestEvent({ name: 'test_done', test: { name: 'imports', parent: root, timeout: 90_000 } }, { testTimeout: 60_000 });
  await env.teardown();
  const noted = JSON.parse(fs.readFileSync('.data/test-cpu.jsonl', 'utf8'));
  expect(noted).toMatchObject({ file: 'a.test.ts', budgets: { 'a cluster scales out': 240_000, imports: 90_000 } });
  expect(noted.budgets).not.toHaveProperty('answers');

  const withTests = {
    ...results,
    testResults: [
      { ...file(path.join(dir, 'a.test.ts'), 9000), testResults: [ran('a cluster scales out', 100_000), ran('answers', 35_000), ran('imports', 40_000)] },
      { ...file(path.join(dir, 'b.test.ts'), 1000), testResults: [ran('a cluster scales out', 100_000)] },
    ],
  };
  const text = summary(withTests);
  const listed = text
    .slice(text.indexOf('over half their time budget'))
    .split('\n')
    .slice(1, 4)
    .map((l) => l.trim());
  // 100 s of 240 is under half; 35 s of 60 over; 40 s of 90 under; b's same-named test has the run's 60 s
  expect(listed).toEqual(['35.0 s  a.test.ts > answers', '100.0 s  b.test.ts > a cluster scales out', '']);
});
