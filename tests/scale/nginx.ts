// The topology's load balancer: Debian's nginx (`apt-get install nginx-light`) in front of API
// processes, every address on loopback. Its own prefix folder (configuration, pid, temp files, logs)
// so it needs no root and leaves nothing behind. docs/deploy.md describes the same configuration.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { stopChild } from '../../api/runtime/temporal-dev-server';

export const NGINX = process.env.NGINX_PATH ?? '/usr/sbin/nginx';

export interface RunningNginx {
  url: string;
  process: ChildProcess;
  stop(): Promise<void>;
}

export function nginxConfig(prefix: string, port: number, upstreams: number[]): string {
  return `worker_processes 1;
error_log ${prefix}/error.log warn;
pid ${prefix}/nginx.pid;
events { worker_connections 1024; }
http {
  access_log off;
  client_body_temp_path ${prefix}/body;
  proxy_temp_path ${prefix}/proxy;
  fastcgi_temp_path ${prefix}/fastcgi;
  uwsgi_temp_path ${prefix}/uwsgi;
  scgi_temp_path ${prefix}/scgi;
  upstream plaudit {
${upstreams.map((p) => `    server 127.0.0.1:${p} max_fails=1 fail_timeout=5s;`).join('\n')}
    keepalive 16;
  }
  server {
    listen 127.0.0.1:${port};
    client_max_body_size 50m;
    location / {
      proxy_pass http://plaudit;
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_set_header Host $http_host;
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
      proxy_set_header X-Forwarded-Proto $scheme;
      # a refused or timed-out connection goes to the next API; a request already sent is retried
      # there only when idempotent (nginx's default since 1.9.13: never a POST)
      proxy_next_upstream error timeout;
      proxy_connect_timeout 1s;
      # which API answered: the tests count the answers per process
      add_header X-Upstream $upstream_addr always;
    }
  }
}
`;
}

export async function startNginx(port: number, upstreams: number[]): Promise<RunningNginx> {
  if (!fs.existsSync(NGINX)) throw new Error(`no nginx at ${NGINX}: apt-get install nginx-light (or set NGINX_PATH)`);
  const prefix = fs.mkdtempSync(path.join(os.tmpdir(), 'plaudit-nginx-'));
  // the worker process runs as `nobody` when the master is root: it must reach the temp folders
  fs.chmodSync(prefix, 0o777);
  const conf = path.join(prefix, 'nginx.conf');
  fs.writeFileSync(conf, nginxConfig(prefix, port, upstreams));
  const test = spawnSync(NGINX, ['-t', '-q', '-p', prefix, '-c', conf], { encoding: 'utf8' });
  if (test.status !== 0) throw new Error(`nginx -t: ${test.stderr}`);
  const child = spawn(NGINX, ['-p', prefix, '-c', conf, '-g', 'daemon off;'], { stdio: ['ignore', 'ignore', 'pipe'] });
  let errors = '';
  child.stderr!.on('data', (c: Buffer) => (errors += c.toString()));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 10_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`nginx exited (${child.exitCode}): ${errors}`);
    const up = await fetch(`${url}/nginx-probe`).then(
      () => true,
      () => false,
    );
    if (up) break;
    if (Date.now() > deadline) {
      await stopChild(child);
      throw new Error(`nginx did not answer within 10 s: ${errors}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    url,
    process: child,
    async stop() {
      // SIGQUIT: graceful; stopChild sends SIGTERM (fast shutdown), enough for a test's proxy
      await stopChild(child, 5_000);
      fs.rmSync(prefix, { recursive: true, force: true });
    },
  };
}
