// startPlatformStack (the API and the store, marketplace and integrations emulators), one request, close.
import { startPlatformStack } from '@plaudit/kernel/testing';
import { record } from './record';

let stack: Awaited<ReturnType<typeof startPlatformStack>>;
beforeAll(async () => {
  stack = await startPlatformStack();
});
afterAll(async () => {
  await stack?.close();
  record('platform');
});

test('the API answers', async () => {
  expect((await fetch(`${stack.api.url}/api/health`)).status).toBe(200);
});
