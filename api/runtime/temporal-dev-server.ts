// Embedded default for Temporal: `temporal server start-dev` with its SQLite file under DATA_DIR
// (or in memory for tests) and the Web UI.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { Connection } from '@temporalio/client';
import type { Logger } from '../log';
import { portIsFree } from './ports';

export interface DevServerOptions {
  cli: string;
  port: number;
  uiPort: number;
  namespace: string;
  /** omit for an in-memory server */
  dbFile?: string;
  log: Logger;
}

export interface RunningDevServer {
  address: string;
  uiUrl: string;
  process: ChildProcess;
  stop(): Promise<void>;
}

// kept here for their importers; they live in ports.ts
export { freePort, portIsFree } from './ports';

export function stopChild(child: ChildProcess, graceMs = 10_000): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
    child.kill('SIGTERM');
  });
}

export async function startTemporalDevServer(o: DevServerOptions): Promise<RunningDevServer> {
  for (const port of [o.port, o.uiPort]) {
    if (!(await portIsFree(port))) throw new Error(`port ${port} is taken: is another Temporal dev server running? (TEMPORAL_PORT / TEMPORAL_UI_PORT)`);
  }
  const args = [
    'server',
    'start-dev',
    '--ip',
    '127.0.0.1',
    '--port',
    String(o.port),
    '--ui-port',
    String(o.uiPort),
    '--namespace',
    o.namespace,
    '--log-level',
    'warn',
    // One partition per task queue (the server's default is four): one machine's workers poll it, and
    // tasks and polls landing on different partitions were forwarded between them (docs/deploy.md).
    ...['matching.numTaskqueueReadPartitions=1', 'matching.numTaskqueueWritePartitions=1'].flatMap((v) => ['--dynamic-config-value', v]),
  ];
  if (o.dbFile) {
    fs.mkdirSync(path.dirname(o.dbFile), { recursive: true });
    args.push('--db-filename', o.dbFile);
  }
  const child = spawn(o.cli, args, { stdio: ['ignore', 'pipe', 'pipe'] });
  const output = lastOutput(child, o.log);
  const address = `127.0.0.1:${o.port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the Temporal dev server exited (${child.exitCode}): ${output()}`);
    try {
      const connection = await Connection.connect({ address, connectTimeout: 1000 });
      try {
        await connection.workflowService.describeNamespace({ namespace: o.namespace });
        break;
      } finally {
        await connection.close();
      }
    } catch (err) {
      if (Date.now() > deadline) {
        await stopChild(child);
        throw new Error(`the Temporal dev server did not come up within 60 s: ${(err as Error).message}`);
      }
      await new Promise((r) => setTimeout(r, 250));
    }
  }
  return { address, uiUrl: `http://localhost:${o.uiPort}`, process: child, stop: () => stopChild(child) };
}

/**
 * Fallback on machines with internet but neither a CLI nor Go: the SDK downloads the dev server
 * (cached) and runs it with the same options.
 */
export async function startDownloadedDevServer(o: Omit<DevServerOptions, 'cli'>): Promise<Omit<RunningDevServer, 'process'>> {
  const { TestWorkflowEnvironment } = await import('@temporalio/testing');
  if (o.dbFile) fs.mkdirSync(path.dirname(o.dbFile), { recursive: true });
  const env = await TestWorkflowEnvironment.createLocal({
    server: {
      executable: { type: 'cached-download' },
      ip: '127.0.0.1',
      port: o.port,
      uiPort: o.uiPort,
      ui: true,
      namespace: o.namespace,
      dbFilename: o.dbFile,
    },
  });
  return { address: `127.0.0.1:${o.port}`, uiUrl: `http://localhost:${o.uiPort}`, stop: () => env.teardown() };
}

/** The last characters a child printed (for the error when it exits or never comes up); each chunk also logged at debug. */
export function lastOutput(child: ChildProcess, log?: Logger, keep = 4000): () => string {
  let output = '';
  const take = (c: Buffer) => {
    output = (output + c.toString()).slice(-keep);
    log?.debug({ temporal: c.toString().trim() });
  };
  child.stdout?.on('data', take);
  child.stderr?.on('data', take);
  return () => output.trim();
}
