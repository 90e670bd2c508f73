// CPU by kind of process (jest workers, Chromium, the Temporal dev server ...) over one command's run:
// tools/ci/cpu-by-process.py samples beside it. For benches whose processes are not children that
// /usr/bin/time would count (the run's browser, the stack's servers).
import { spawn, spawnSync, type SpawnSyncOptions } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const SAMPLER = path.resolve(__dirname, '../tools/ci/cpu-by-process.py');

export interface SampledRun {
  /** CPU seconds by the sampler's kinds ("jest worker (...)", "chromium renderer", "all sampled processes" ...) */
  cpu: Map<string, number>;
  /** seconds */
  wall: number;
  /** the command exited 0 (else its output is in `<out>.log`) */
  passed: boolean;
}

/** Runs `command` with the sampler beside it; the sampler's totals are left in `out`, the command's output in `<out>.log`. */
export async function sampledRun(out: string, command: string, args: string[], options: SpawnSyncOptions): Promise<SampledRun> {
  const sampler = spawn('python3', [SAMPLER, out], { stdio: 'ignore' });
  const log = fs.openSync(`${out}.log`, 'w');
  const started = performance.now();
  const run = spawnSync(command, args, { ...options, stdio: ['ignore', log, log] });
  fs.closeSync(log);
  const wall = (performance.now() - started) / 1000;
  const written = new Promise((resolve) => sampler.on('exit', resolve));
  sampler.kill('SIGTERM');
  await written;
  return { cpu: cpuByKind(out), wall, passed: run.status === 0 };
}

/** The sampler's totals by kind ("  91.4 s  chromium renderer" lines). */
function cpuByKind(file: string): Map<string, number> {
  const kinds = new Map<string, number>();
  for (const line of fs.readFileSync(file, 'utf8').split('\n')) {
    const m = line.match(/^\s*([\d.]+) s {2}(.+)$/);
    if (m) kinds.set(m[2], Number(m[1]));
  }
  return kinds;
}
