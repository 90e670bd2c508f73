// The doubles run in the test's own process, beside the API that calls them: with Node's 5 s
// keep-alive, a loop blocked a few seconds (a test building a large file) lets the double close a
// connection just as the caller reuses it, and that request ends in a reset. They keep idle
// connections as long as the API does (KEEP_ALIVE_TIMEOUT_MS' default); their stop closes them.
import type { Server } from 'node:http';

export function keepIdleConnections(server: Server): void {
  server.keepAliveTimeout = 65_000;
}
