// Today's workflow code against every recorded history (workflows/histories, docs/workflows.md):
// a change that would break workflows already running fails here with the history's file named.
// Offline: the replay needs no Temporal server, no database and no worker.
import { currentBundle, replay, workflowTypes } from './bundle';
import { listHistoryFiles, readHistory, workflowTypeOf } from './histories';

jest.setTimeout(120_000);

const files = listHistoryFiles();
let failures: Map<string, Error>;

beforeAll(async () => {
  failures = await replay(
    await currentBundle(),
    files.map((f) => ({ key: f.file, history: readHistory(f.path) })),
  );
}, 180_000);

test('every workflow type the worker runs has recorded histories, and every history folder is a type it runs', () => {
  const types = workflowTypes();
  const recorded = [...new Set(files.map((f) => f.type))];
  expect(types.filter((t) => !recorded.includes(t))).toEqual([]);
  expect(recorded.filter((t) => !types.includes(t))).toEqual([]);
});

test.each(files.map((f) => [f.file, f]))("%s is a history of its folder's workflow type", (_file, f) => {
  expect(workflowTypeOf(readHistory(f.path))).toBe(f.type);
});

test.each(files.map((f) => [f.file]))('%s replays on the current code', (file) => {
  const error = failures.get(file);
  if (error)
    throw new Error(
      `${file} does not replay on the current workflow code (${error.name}): ${error.message}\nA change to a running workflow's steps needs patched() (docs/workflows.md).`,
    );
});
