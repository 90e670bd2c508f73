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

function summary(): string {
  const write = jest.spyOn(process.stdout, 'write').mockImplementation(() => true);
  try {
    new SummaryReporter({ testTimeout: 60_000 }).onRunComplete(new Set(), results);
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
