// Ports for the processes we start. A server in our own process listens on 0 and reads its port
// back; a child process (PostgreSQL, the Temporal dev server, APy, `plaudit start`) cannot, so it is
// given a port chosen by freePort(), which another process may bind before the child does: such a
// start is tried again on fresh ports.
import net from 'node:net';

export function portIsFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const s = net.createServer();
    s.once('error', () => resolve(false));
    s.listen(port, '127.0.0.1', () => s.close(() => resolve(true)));
  });
}

/** A port free a moment ago: only for a child process, which binds it later (see startOnFreshPorts). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
  });
}

/** What a child (or our check before starting it) reports when its port was taken. */
export function isPortClash(err: unknown): boolean {
  const text = err instanceof Error ? `${(err as NodeJS.ErrnoException).code ?? ''} ${err.message}` : String(err);
  return /EADDRINUSE|address already in use|port \d+ is taken|could not create lock file/i.test(text);
}

/**
 * Starts something on `ports` and, when a port turns out taken, again on as many fresh ones (three
 * attempts in all). `onClash` hears each clash before the next attempt.
 */
export async function startOnFreshPorts<T>(ports: number[], start: (ports: number[]) => Promise<T>, onClash?: (err: unknown) => void): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await start(ports);
    } catch (err) {
      if (attempt >= 3 || !isPortClash(err)) throw err;
      onClash?.(err);
      const fresh: number[] = [];
      for (let i = 0; i < ports.length; i++) fresh.push(await freePort());
      ports = fresh;
    }
  }
}
