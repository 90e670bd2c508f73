// usePlatformStackWithWorker: the platform stack and a worker of its own, on the run's workflow bundle.
// a test helper, not a React hook: named so for the linter's hook rule, which is off under tests/ only
import { usePlatformStackWithWorker as platformStackWithWorker } from '@plaudit/kernel/testing';
import { record } from './record';

const env = platformStackWithWorker('probe-worker');
// registered after the helper's afterAll: runs once the stack and worker are stopped
afterAll(() => record('worker'));

test('the API answers', async () => {
  expect((await fetch(`${env.stack.api.url}/api/health`)).status).toBe(200);
});
