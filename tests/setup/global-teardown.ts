import { dropDatabase } from '../../api/runtime/postgres';

export default async function globalTeardown() {
  await (globalThis as { __plaudit?: { stop(): Promise<void> } }).__plaudit?.stop();
  if (process.env.TEST_DATABASE_ADMIN_URL && process.env.TEST_DATABASE_NAME) {
    await dropDatabase(process.env.TEST_DATABASE_ADMIN_URL, process.env.TEST_DATABASE_NAME);
  }
}
