// The ops CLI against the run's real database and Temporal: what an operator types and reads.
import { execFile } from 'node:child_process';
import { ROOT } from '../../api/runtime/stack';
import { client, createShop, eventually, startTestApi, type TestApi } from '../support/api';

interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

function plauditWith(env: Record<string, string>, ...args: string[]): Promise<Run> {
  return new Promise((resolve) => {
    // no time limit of its own: a CLI start through tsx took over 30 s on a machine at load 20; the
    // test's budget (below) catches a hang
    const options = { cwd: ROOT, env: { ...process.env, ...env } };
    execFile(process.execPath, ['--import', 'tsx', 'api/cli/index.ts', ...args], options, (err, stdout, stderr) => {
      const code = err ? (typeof err.code === 'number' ? err.code : -1) : 0;
      resolve({ code, stdout, stderr });
    });
  });
}

const plaudit = (...args: string[]) => plauditWith({}, ...args);

// each test starts one to three CLI processes (tsx, the whole app's modules: seconds of CPU each)
jest.setTimeout(5 * 60_000);

const lastLine = (text: string) => text.trim().split('\n').at(-1) ?? '';

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(() => api.close());

describe('token', () => {
  test('prints, on its last line, a token that opens the API for that shop', async () => {
    const { shop } = await createShop(api);
    const run = await plaudit('token', '--shop', shop.shopifyDomain, '--days', '2');
    expect(run).toMatchObject({ code: 0 });
    const res = await client(api.url, lastLine(run.stdout)).get('/api/shops');
    expect(res.status).toBe(200);
    expect(res.body.shopifyDomain).toBe(shop.shopifyDomain);
    const claims = JSON.parse(Buffer.from(lastLine(run.stdout).split('.')[1], 'base64url').toString());
    expect(claims.exp - claims.iat).toBe(2 * 24 * 3600);
  });

  test('an unknown shop: exit 2 saying so, no token', async () => {
    const run = await plaudit('token', '--shop', 'never-installed.myshopify.com');
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('no installed shop never-installed.myshopify.com');
    expect(run.stdout).not.toMatch(/eyJ/);
  });

  test('an uninstalled shop: exit 2, no token', async () => {
    const { shop } = await createShop(api, { uninstalledAt: new Date() });
    const run = await plaudit('token', '--shop', shop.shopifyDomain);
    expect(run.code).toBe(2);
    expect(run.stdout).not.toMatch(/eyJ/);
  });

  test.each([[['--shop', 'evil.com']], [['--shop', '']], [[]]])('a bad or missing --shop %j: exit 2 explaining the format', async (args) => {
    const run = await plaudit('token', ...args);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('--shop must be a shop domain like my-store.myshopify.com');
  });

  test('bad --days: exit 2', async () => {
    const { shop } = await createShop(api);
    const run = await plaudit('token', '--shop', shop.shopifyDomain, '--days', '1000');
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('--days must be a whole number from 1 to 365');
  });
});

describe('workflows', () => {
  test('lists the workflow a shop started, and only that shop', async () => {
    const { shop, token } = await createShop(api);
    const other = await createShop(api);
    const note = await client(api.url, token).post('/api/fixture-notes', { text: 'listed by the CLI' });
    expect(note.status).toBe(201);
    const workflowId = `fixture-note:${shop.shopifyDomain}:${note.body.id}`;

    const listed = await eventually(
      async () => {
        const run = await plaudit('workflows', '--shop', shop.shopifyDomain);
        return run.code === 0 && run.stdout.includes(workflowId) ? run : undefined;
      },
      45_000,
      500,
    );
    const row = listed.stdout
      .split('\n')
      .find((l) => l.startsWith(workflowId))!
      .split('\t');
    expect(row[1]).toBe('stampFixtureNote');
    expect(['RUNNING', 'COMPLETED']).toContain(row[2]);

    const completed = await eventually(
      async () => {
        const run = await plaudit('workflows', '--shop', shop.shopifyDomain, '--status', 'Completed');
        return run.stdout.includes(workflowId) ? run : undefined;
      },
      45_000,
      500,
    );
    expect(completed.stdout).toContain('\tCOMPLETED\t');
    const failed = await plaudit('workflows', '--shop', shop.shopifyDomain, '--status', 'Failed');
    expect(failed.stdout).toContain(`no workflows for ${shop.shopifyDomain}`);

    const elsewhere = await plaudit('workflows', '--shop', other.shop.shopifyDomain);
    expect(elsewhere.code).toBe(0);
    expect(elsewhere.stdout).toContain(`no workflows for ${other.shop.shopifyDomain}`);
    expect(elsewhere.stdout).not.toContain(workflowId);
  }, 120_000);
});

describe('migrate and usage', () => {
  test('migrate on an up-to-date database says so', async () => {
    const run = await plaudit('migrate');
    expect(run.code).toBe(0);
    expect(lastLine(run.stdout)).toBe('already up to date');
  });

  test('an unknown command prints help and exits 2', async () => {
    const run = await plaudit('frobnicate');
    expect(run.code).toBe(2);
    expect(run.stdout).toContain('Usage: npm run plaudit');
  });

  test('a bad variable is named, exit 2', async () => {
    const run = await plauditWith({ DATABASE_URL: 'mysql://x/y' }, 'migrate');
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('DATABASE_URL: must be a URL starting with postgres:// or postgresql://');
  });
});
