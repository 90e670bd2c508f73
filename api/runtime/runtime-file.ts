// While `npm start` runs, DATA_DIR/runtime.json says where its components listen, so the ops CLI
// (`npm run plaudit -- token ...`) reaches the same database and Temporal.
import fs from 'node:fs';
import path from 'node:path';

export interface RuntimeFile {
  pid: number;
  env: Record<string, string>;
}

const file = (dataDir: string) => path.join(dataDir, 'runtime.json');

export function writeRuntimeFile(dataDir: string, env: Record<string, string>) {
  fs.writeFileSync(file(dataDir), JSON.stringify({ pid: process.pid, env } satisfies RuntimeFile, null, 2), { mode: 0o600 });
}

export function removeRuntimeFile(dataDir: string) {
  fs.rmSync(file(dataDir), { force: true });
}

/** The running stack's variables, or undefined when none is running. */
export function readRuntimeFile(dataDir: string): RuntimeFile | undefined {
  try {
    const runtime = JSON.parse(fs.readFileSync(file(dataDir), 'utf8')) as RuntimeFile;
    process.kill(runtime.pid, 0);
    return runtime;
  } catch {
    return undefined;
  }
}
