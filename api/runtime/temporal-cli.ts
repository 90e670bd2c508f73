// Finds the Temporal CLI (dev server + Web UI): TEMPORAL_CLI_PATH, then PATH, then the build cache,
// else builds it with Go from the module proxy (TEMPORAL.md) and caches it outside the repository.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export const TEMPORAL_CLI_VERSION = '1.5.1';

export function temporalCacheDir(): string {
  const base = process.env.XDG_CACHE_HOME || path.join(os.homedir(), '.cache');
  return path.join(base, 'plaudit', `temporal-${TEMPORAL_CLI_VERSION}`);
}

function onPath(name: string): string | undefined {
  for (const dir of (process.env.PATH ?? '').split(path.delimiter)) {
    const candidate = path.join(dir, name);
    if (dir && fs.existsSync(candidate)) return candidate;
  }
  return undefined;
}

/** The CLI already on this machine, if any; never builds. */
export function findTemporalCli(cliPath?: string): string | undefined {
  if (cliPath) {
    if (!fs.existsSync(cliPath)) throw new Error(`TEMPORAL_CLI_PATH: no file at ${cliPath}`);
    return cliPath;
  }
  const cached = path.join(temporalCacheDir(), 'bin', 'temporal');
  return onPath('temporal') ?? (fs.existsSync(cached) ? cached : undefined);
}

export function goAvailable(): boolean {
  return spawnSync('go', ['version'], { stdio: 'ignore' }).status === 0;
}

/** Builds the CLI with `go install`, passing each line of progress to `progress`. Takes minutes the first time. */
export async function buildTemporalCli(progress: (line: string) => void): Promise<string> {
  const bin = path.join(temporalCacheDir(), 'bin');
  fs.mkdirSync(bin, { recursive: true });
  const args = [
    'install',
    '-ldflags',
    `-s -w -X github.com/temporalio/cli/temporalcli.Version=${TEMPORAL_CLI_VERSION}`,
    `github.com/temporalio/cli/cmd/temporal@v${TEMPORAL_CLI_VERSION}`,
  ];
  progress(`building the Temporal CLI v${TEMPORAL_CLI_VERSION} with Go into ${bin} (first time only, a few minutes)`);
  const started = Date.now();
  const ticker = setInterval(() => progress(`still building the Temporal CLI (${Math.round((Date.now() - started) / 1000)} s)`), 15_000);
  try {
    await new Promise<void>((resolve, reject) => {
      const child = spawn('go', args, { env: { ...process.env, CGO_ENABLED: '0', GOBIN: bin }, cwd: os.tmpdir() });
      let last = '';
      const onLine = (chunk: Buffer) => {
        for (const line of chunk.toString().split('\n').filter(Boolean)) {
          last = line;
          progress(line);
        }
      };
      child.stdout.on('data', onLine);
      child.stderr.on('data', onLine);
      child.on('error', reject);
      child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`go install failed (exit ${code}): ${last}`))));
    });
  } finally {
    clearInterval(ticker);
  }
  return path.join(bin, 'temporal');
}
