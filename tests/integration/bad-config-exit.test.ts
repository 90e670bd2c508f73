// An operator with a bad variable learns which one before anything starts: the API and the worker exit
// 2 with a one-line reason. Each case starts a process that loads its whole entry through tsx (seconds
// of CPU), so it lives here rather than with tests/unit/config.test.ts in the static project.
import { execFile } from 'node:child_process';
import { ROOT } from '../../api/runtime/stack';

function start(entry: string, env: Record<string, string>): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    execFile(process.execPath, ['--import', 'tsx', entry], { cwd: ROOT, env: { ...process.env, ...env } }, (err, stdout, stderr) => {
      resolve({ code: err ? (typeof err.code === 'number' ? err.code : null) : 0, output: stderr + stdout });
    });
  });
}

describe.each(['api/server.ts', 'workflows/worker.ts'])('starting %s with PORT=abc', (entry) => {
  // a generous budget: on a busy machine loading the entry takes a while; the exit code is what counts
  test('exits 2 with a one-line reason naming PORT, no stack', async () => {
    const run = await start(entry, { PORT: 'abc' });
    expect(run.code).toBe(2);
    expect(run.output).toContain('PORT: must be a port number (1-65535)');
    expect(run.output).not.toMatch(/\n\s+at /);
  }, 180_000);
});
