// The API's Temporal connection closes after its calls under way have ended (api/temporal/in-flight.ts):
// a call retried by the client (nothing listens at the address) keeps the close waiting until its
// deadline ends it, so no retry is left to fire on the closed channel.
import { loadConfig } from '../../api/config';
import { freePort } from '../../api/runtime/ports';
import { TemporalGateway } from '../../api/temporal/connection';

test('close waits for a call under retry to end, then closes', async () => {
  // a loopback port nothing listens on: every attempt is UNAVAILABLE, which the client retries
  const port = await freePort();
  const gateway = new TemporalGateway(loadConfig({ NODE_ENV: 'development', TEMPORAL_ADDRESS: `127.0.0.1:${port}` }, '/srv/plaudit'));
  const outcome = gateway
    .call(() => gateway.connection.workflowService.describeNamespace({ namespace: 'plaudit' }), 500)
    .then(
      () => 'answered',
      (err: Error) => err.message,
    );
  expect(gateway.inFlight.count).toBe(1);
  await gateway.close();
  expect(gateway.inFlight.count).toBe(0);
  // ended by its deadline or its last attempt, never by the closed channel
  expect(await outcome).not.toMatch(/shut down/);
});
