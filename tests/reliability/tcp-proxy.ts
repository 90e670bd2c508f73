// A TCP proxy between a test API and a real server (the run's PostgreSQL), which a test can cut
// (every connection reset, new ones too: what a crashed server looks like to its clients) and
// restore; and a port where a service is down. Both keep their port for as long as the test runs:
// a port let go and bound again later can be taken by another process meanwhile.
import net from 'node:net';

export interface TcpProxy {
  port: number;
  cut(): Promise<void>;
  restore(): Promise<void>;
  close(): Promise<void>;
}

export interface DownPort {
  port: number;
  close(): Promise<void>;
}

export async function tcpProxy(target: { host: string; port: number }): Promise<TcpProxy> {
  const sockets = new Set<net.Socket>();
  let cutOff = false;
  const server = net.createServer((inbound) => {
    if (cutOff) return void inbound.resetAndDestroy();
    const outbound = net.connect(target.port, target.host);
    for (const sock of [inbound, outbound]) {
      sockets.add(sock);
      sock.on('close', () => sockets.delete(sock));
      sock.on('error', () => undefined);
    }
    inbound.pipe(outbound).pipe(inbound);
    inbound.on('close', () => outbound.destroy());
    outbound.on('close', () => inbound.destroy());
  });
  const port = await listenOnAnyPort(server);
  const cut = async () => {
    cutOff = true;
    for (const sock of sockets) sock.resetAndDestroy();
  };
  return {
    port,
    cut,
    restore: async () => {
      cutOff = false;
    },
    close: async () => {
      await cut();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** A loopback port whose every connection is reset: a service that is down (TEMPORAL_ADDRESS, DATABASE_URL ...). */
export async function downPort(): Promise<DownPort> {
  const server = net.createServer((sock) => sock.resetAndDestroy());
  const port = await listenOnAnyPort(server);
  return { port, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

/**
 * The run's DATABASE_URL sent to a loopback `port` over TCP (a proxy, a port that is down): without
 * its `host` parameter (the embedded PostgreSQL's socket folder), which node-postgres would take over
 * the URL's host and port.
 */
export function databaseUrlAt(port: number): string {
  const url = new URL(process.env.DATABASE_URL!);
  url.hostname = '127.0.0.1';
  url.port = String(port);
  url.searchParams.delete('host');
  return url.toString();
}

function listenOnAnyPort(server: net.Server): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve((server.address() as net.AddressInfo).port));
  });
}
