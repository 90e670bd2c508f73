// The replay catches what it is there for: the review request workflow with one step added after it
// opens the queue entry (made here from today's source, in a plugin folder of its own) no longer
// replays the recorded requests; the same step behind patched() does (docs/workflows.md).
import fs from 'node:fs';
import path from 'node:path';
import { DeterminismViolationError } from '@temporalio/workflow';
import { ROOT } from '../../api/runtime/stack';
import { bundleFor, replay } from './bundle';
import { listHistoryFiles, readHistory, shapeOf } from './histories';

jest.setTimeout(120_000);

const SOURCE = path.join(ROOT, 'plugins/review-requests/workflows/review-request.ts');
const ANCHOR = '  const plan = await acts.openRequest(r.input, r.facts, workflowInfo().workflowId);\n';
const NEW_STEP = "await acts.recordStatus(r.input, 'waitingCondition', {});";

// under the repository, so the copy resolves @temporalio/workflow as the original does
const work = path.join(ROOT, '.data', `replay-change-${process.pid}`);
afterAll(() => fs.rmSync(work, { recursive: true, force: true }));

/** A plugin root whose review-requests plugin runs today's reviewRequest with `step` added after openRequest. */
function changedPlugin(name: string, step: string): string {
  const source = fs.readFileSync(SOURCE, 'utf8');
  if (!source.includes(ANCHOR)) throw new Error(`${SOURCE} no longer has the line this test changes after:\n${ANCHOR}Pick another anchor.`);
  const changed = source
    .replace(ANCHOR, `${ANCHOR}  ${step}\n`)
    // the copy lives elsewhere: its relative imports point back at the plugin's files
    .replace(/from '(\.{1,2}\/[^']*)'/g, (_m, spec: string) => `from ${JSON.stringify(path.resolve(path.dirname(SOURCE), spec))}`);
  const root = path.join(work, name);
  fs.mkdirSync(path.join(root, 'review-requests/workflows'), { recursive: true });
  fs.writeFileSync(path.join(root, 'review-requests/workflows/index.ts'), changed);
  return root;
}

const requests = listHistoryFiles()
  .filter((f) => f.type === 'reviewRequest')
  .map((f) => ({ key: f.file, history: readHistory(f.path) }));
// the histories that went past opening the queue entry: the added step changes what they replay
const opened = requests.filter((r) => shapeOf(r.history).includes('ACTIVITY_TASK_SCHEDULED:openRequest'));

test('recorded review requests went past openRequest', () => {
  expect(opened.length).toBeGreaterThan(0);
});

test('a step added without patched() fails the replay of every request that went past it, with DeterminismViolationError', async () => {
  const failures = await replay(await bundleFor([changedPlugin('unpatched', NEW_STEP)]), opened);
  expect([...failures.keys()].sort()).toEqual(opened.map((r) => r.key).sort());
  for (const error of failures.values()) {
    expect(error).toBeInstanceOf(DeterminismViolationError);
    expect(error.message).toMatch(/nondetermin/i);
  }
});

test('the same step behind patched() replays every recorded request', async () => {
  const failures = await replay(await bundleFor([changedPlugin('patched', `if (patched('replay-test-extra-step')) ${NEW_STEP}`)]), requests);
  expect([...failures].map(([key, e]) => `${key}: ${e.message}`)).toEqual([]);
});
