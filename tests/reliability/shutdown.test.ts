// Closing the API stops everything it started: timers (unref'd ones too, which
// process.getActiveResourcesInfo() does not list), sockets to PostgreSQL, Temporal and clients.
// A timer left behind fires in a torn-down process (jest's "require after the environment has
// been torn down", from the storefront feed listener's reconnect timer, issue 21). Each case runs
// in a fresh process (shutdown-probe.ts): a jest worker also runs other test files, whose
// connections would otherwise be counted as this API's.
import { execFile } from 'node:child_process';
import path from 'node:path';

function probe(scenario: string): Promise<{ left?: string[]; error?: string }> {
  return new Promise((resolve, reject) => {
    const script = path.join(__dirname, 'shutdown-probe.ts');
    execFile(
      process.execPath,
      ['--expose-gc', '--import', 'tsx', script, scenario],
      { cwd: path.resolve(__dirname, '../..'), env: process.env, timeout: 120_000 },
      (err, stdout) => {
        const line = stdout.trim().split('\n').pop() ?? '';
        try {
          resolve(JSON.parse(line));
        } catch {
          reject(err ?? new Error(`the probe printed no result: ${stdout}`));
        }
      },
    );
  });
}

test('with every component up: nothing of the API outlives close()', async () => {
  expect(await probe('all-up')).toEqual({ left: [] });
});

test('with PostgreSQL unreachable (reconnect timers running): nothing of the API outlives close()', async () => {
  expect(await probe('database-down')).toEqual({ left: [] });
});
