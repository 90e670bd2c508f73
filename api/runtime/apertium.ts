// Apertium APy, review translation's embedded default (issue 19; plugins/translations): Debian's
// `apertium-apy` serving the language pairs installed as packages (apertium-en-es, apertium-es-it,
// apertium-fr-es ...) from their modes folder, as the package's systemd unit does
// (`apertium-apy /usr/share/apertium/modes`), on a port of ours (`-p`). `npm start` starts it when the
// executable is installed (the API and the worker get its address as APERTIUM_URL) and says how to
// install it when it is not; tests start their own. Kept running like the API and the worker: a
// crashed APy is started again with back-off (supervisor.ts).
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import type { Logger } from '../log';
import { Supervisor } from './supervisor';
import { freePort, portIsFree, startOnFreshPorts } from './ports';

export const APERTIUM_INSTALL = 'apt-get install apertium-apy apertium-en-es';
export const APERTIUM_MISSING = `Apertium APy is not installed: review translation through Apertium is unavailable; ${APERTIUM_INSTALL}`;
/** Where Debian's pair packages put their modes (one `<pair>.mode` file each), APy's `pairs_path`. */
export const APERTIUM_MODES_DIR = '/usr/share/apertium/modes';
/** Localised language names (APy's `-l`; relative to its working folder otherwise). */
const LANG_NAMES_DB = '/usr/share/apertium-apy/langNames.db';

export class ApertiumNotInstalled extends Error {
  constructor(message = APERTIUM_MISSING) {
    super(message);
    this.name = 'ApertiumNotInstalled';
  }
}

/** The `apertium-apy` executable on PATH, if any. */
export function findApertiumApy(): string | undefined {
  for (const dir of (process.env.PATH ?? '').split(path.delimiter)) {
    const candidate = dir && path.join(dir, 'apertium-apy');
    if (candidate && fs.existsSync(candidate)) return candidate;
  }
  return undefined;
}

/** The installed pairs' modes ('spa-eng', 'eng-spa', 'fr-es' ...): APy serves nothing without one. */
export function installedModes(modesDir = APERTIUM_MODES_DIR): string[] {
  try {
    return fs
      .readdirSync(modesDir)
      .filter((f) => f.endsWith('.mode'))
      .map((f) => f.slice(0, -'.mode'.length))
      .sort();
  } catch {
    return [];
  }
}

export interface RunningApertium {
  url: string;
  port: number;
  /** the pairs it serves, as the modes folder names them */
  modes: string[];
  stop(): Promise<void>;
}

export interface ApertiumOptions {
  /** default: a free port (fresh ones again while another process takes the one chosen) */
  port?: number;
  modesDir?: string;
  log?: Logger;
  /** restart lines ('the Apertium APy exited ...') */
  say?: (line: string) => void;
  /** how long APy may take to answer /listPairs (default 30 s) */
  readyTimeoutMs?: number;
}

/**
 * Starts APy and resolves once it answers `/listPairs`. Throws ApertiumNotInstalled (its message says
 * what to install) when the executable or every pair is missing, and an Error with APy's last output
 * when it exits or stays silent before it is ready.
 */
export async function startApertium(o: ApertiumOptions = {}): Promise<RunningApertium> {
  const apy = findApertiumApy();
  if (!apy) throw new ApertiumNotInstalled();
  const modesDir = o.modesDir ?? APERTIUM_MODES_DIR;
  const modes = installedModes(modesDir);
  if (!modes.length)
    throw new ApertiumNotInstalled(
      `Apertium APy has no language pair in ${modesDir}: review translation through Apertium is unavailable; apt-get install apertium-en-es`,
    );
  if (o.port !== undefined) return startApy(apy, o.port, modes, modesDir, o);
  return startOnFreshPorts(
    [await freePort()],
    ([port]) => startApy(apy, port, modes, modesDir, o),
    (err) => o.log?.warn({ err }, 'the Apertium APy port was taken meanwhile: trying a fresh one'),
  );
}

async function startApy(apy: string, port: number, modes: string[], modesDir: string, o: ApertiumOptions): Promise<RunningApertium> {
  // another server there would answer /listPairs for a child that cannot bind
  if (!(await portIsFree(port))) throw new Error(`port ${port} is taken: is another Apertium APy running?`);
  const args = ['-p', String(port), ...(fs.existsSync(LANG_NAMES_DB) ? ['-l', LANG_NAMES_DB] : []), modesDir];
  let output = '';
  const supervisor = new Supervisor({
    name: 'Apertium APy',
    say: o.say ?? (() => {}),
    spawn: () => {
      // APy refuses to start outside a UTF-8 locale (its systemd unit sets the same). Its own process
      // group: a Ctrl-C meant for `npm start` would end it before the stack stops it, and the
      // supervisor would start it again meanwhile; the stack stops it in its turn.
      const child = spawn(apy, args, { env: { ...process.env, LC_ALL: 'C.UTF-8' }, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
      const keep = (c: Buffer) => {
        output = (output + c.toString()).slice(-4000);
        o.log?.debug({ apertium: c.toString().trim() });
      };
      child.stdout!.on('data', keep);
      child.stderr!.on('data', keep);
      return child;
    },
  });
  const url = `http://127.0.0.1:${port}`;
  try {
    await ready(supervisor, url, o.readyTimeoutMs ?? 30_000, () => output);
  } catch (err) {
    await supervisor.stop();
    throw err;
  }
  return { url, port, modes, stop: () => supervisor.stop() };
}

async function ready(supervisor: Supervisor, url: string, timeoutMs: number, output: () => string): Promise<void> {
  let exited: string | undefined;
  const onExit = (code: number | null, signal: NodeJS.Signals | null) => (exited ??= signal ? `signal ${signal}` : `code ${code}`);
  supervisor.on('exit', onExit);
  try {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      if (exited) throw new Error(`Apertium APy exited (${exited}) before it answered: ${output().trim().slice(-1000)}`);
      const answered = await fetch(`${url}/listPairs`, { signal: AbortSignal.timeout(2000) }).then(
        (r) => r.ok,
        () => false,
      );
      if (answered) return;
      if (Date.now() > deadline) throw new Error(`Apertium APy did not answer ${url}/listPairs within ${timeoutMs} ms: ${output().trim().slice(-1000)}`);
      await new Promise((r) => setTimeout(r, 100));
    }
  } finally {
    supervisor.off('exit', onExit);
  }
}

/**
 * `npm start`'s step: APy when installed, else the line saying how to install it. Never fails the
 * start: without APy, review translation through Apertium shows as unavailable.
 */
export async function startEmbeddedApertium(log: Logger, progress: (line: string) => void): Promise<RunningApertium | undefined> {
  if (!findApertiumApy()) {
    progress(APERTIUM_MISSING);
    return undefined;
  }
  progress('starting Apertium APy (review translation)');
  try {
    return await startApertium({ log, say: progress });
  } catch (err) {
    progress(
      err instanceof ApertiumNotInstalled
        ? err.message
        : `Apertium APy did not start: review translation through Apertium is unavailable (${(err as Error).message})`,
    );
    return undefined;
  }
}
