import { dropDatabase } from '../../api/runtime/postgres';
import type { RunStack } from './global-setup';

export default async function globalTeardown() {
  const run = globalThis as { __plaudit?: RunStack };
  await run.__plaudit?.stop();
  // a next run in the same process (watch mode) starts its own stack
  delete run.__plaudit;
  if (process.env.TEST_DATABASE_ADMIN_URL && process.env.TEST_DATABASE_NAME) {
    await dropDatabase(process.env.TEST_DATABASE_ADMIN_URL, process.env.TEST_DATABASE_NAME);
  }
}
