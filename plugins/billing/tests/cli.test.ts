// The ops CLI's coupon commands against the run's database: what an operator types and reads, and
// the coupon then works in the API.
import { execFile } from 'node:child_process';
import { client, createShop, ROOT, startTestApi, type TestApi } from '@plaudit/kernel/testing';

// each command starts a process that compiles the app's TypeScript: seconds each on a busy machine
jest.setTimeout(240_000);

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(() => api.close());

function plaudit(...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(process.execPath, ['--import', 'tsx', 'api/cli/index.ts', ...args], { cwd: ROOT, env: process.env, timeout: 30_000 }, (err, stdout, stderr) => {
      resolve({ code: err ? (typeof err.code === 'number' ? err.code : -1) : 0, stdout, stderr });
    });
  });
}

test('billing:coupons:add, :list and :remove; bad arguments exit 2 with the usage', async () => {
  const code = `CLI${Date.now()}`;
  const added = await plaudit(
    'billing:coupons:add',
    '--code',
    code.toLowerCase(),
    '--percent',
    '20',
    '--intervals',
    '3',
    '--expires',
    '2099-12-31',
    '--limit',
    '5',
  );
  expect(added).toMatchObject({ code: 0 });
  expect(added.stdout).toContain(`added ${code}\t20%\t3 billing periods\texpires 2099-12-31\t0/5 redeemed`);
  expect((await plaudit('billing:coupons:list')).stdout).toContain(`${code}\t20%`);

  const { token } = await createShop(api, { plan: 'free', installedAt: new Date('2025-01-01') });
  expect((await client(api.url, token).get(`/api/subscription/coupons/${code}`)).body.data).toMatchObject({
    code,
    kind: 'percentage',
    value: 20,
    durationIntervals: 3,
  });

  const twice = await plaudit('billing:coupons:add', '--code', code, '--amount', '5');
  expect(twice.code).toBe(2);
  expect(twice.stderr).toContain(`coupon ${code} exists`);
  const bad = await plaudit('billing:coupons:add', '--code', 'X2', '--percent', '150');
  expect(bad).toMatchObject({ code: 2, stderr: expect.stringContaining('A percentage is at most 100') });
  expect(bad.stderr).toContain('usage: billing:coupons:add --code <CODE>');

  expect((await plaudit('billing:coupons:remove', '--code', code)).stdout).toContain(`removed ${code}`);
  expect((await client(api.url, token).get(`/api/subscription/coupons/${code}`)).body.message).toBe('Invalid coupon code');
});
