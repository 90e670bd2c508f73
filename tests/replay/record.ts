// `npm run histories:record [-- <workflowType or scenario> ...]`: drives real runs of every workflow type on a
// stack of its own (PostgreSQL, the Temporal dev server, the SMTP sink, the emulators, a worker of every
// plugin) and saves their histories under workflows/histories/<workflowType>/<scenario>.json for the
// replay test. A kept file is never replaced by a different shape: see histories.ts and docs/workflows.md.
import { DefaultLogger, Runtime } from '@temporalio/worker';
import { Recorder } from './recorder';
import { startRecordingStack } from './stack';
import { workflowTypes } from './bundle';
import { listHistoryFiles } from './histories';
import { Context, type Scenario } from './scenarios/context';
import { insightsScenarios } from './scenarios/insights';
import { integrationScenarios } from './scenarios/integrations';
import { messagingScenarios } from './scenarios/messaging';
import { otherScenarios } from './scenarios/others';
import { reviewRequestScenarios } from './scenarios/review-requests';
import { reviewScenarios } from './scenarios/reviews';
import { storeLinkScenarios } from './scenarios/store-links';

const SCENARIOS: Record<string, Scenario> = {
  ...insightsScenarios,
  ...integrationScenarios,
  ...reviewRequestScenarios,
  ...reviewScenarios,
  ...otherScenarios,
  ...messagingScenarios,
  ...storeLinkScenarios,
};

async function main() {
  const only = process.argv.slice(2);
  const known = new Set(Object.values(SCENARIOS).flatMap((s) => s.types));
  // a name is a workflow type (every scenario recording it) or one scenario's name
  const unknown = only.filter((t) => !known.has(t) && !(t in SCENARIOS));
  if (unknown.length) throw new Error(`no scenario records ${unknown.join(', ')}; the types recorded are: ${[...known].sort().join(', ')}`);
  const chosen = Object.entries(SCENARIOS).filter(([name, s]) => !only.length || only.includes(name) || s.types.some((t) => only.includes(t)));

  const started = Date.now();
  // the activities' expected failures (a revoked key, a refused address) are not news here
  Runtime.install({ logger: new DefaultLogger('ERROR') });
  console.log('starting the stack (PostgreSQL, Temporal, SMTP sink, emulators, API, worker) ...');
  const { stack, stop } = await startRecordingStack();
  const rec = new Recorder(stack.api.runtime.services.temporal.client);
  const failed: string[] = [];
  try {
    const ctx = new Context(stack, rec);
    for (const [name, scenario] of chosen) {
      console.log(`${name} (${scenario.types.join(', ')})`);
      await scenario.run(ctx).catch((err: Error) => {
        failed.push(name);
        console.error(`  FAILED ${name}: ${err.stack ?? err.message}`);
      });
    }
  } finally {
    await stop();
  }

  const files = listHistoryFiles();
  const missing = workflowTypes().filter((t) => !files.some((f) => f.type === t));
  const by = (o: string) => rec.saved.filter((s) => s.outcome === o).length;
  console.log(
    `\n${rec.saved.length} recorded in ${Math.round((Date.now() - started) / 1000)} s: ${by('added')} added, ${by('new shape')} new shape, ${by('unchanged')} unchanged (same shape as a kept file)`,
  );
  console.log(`kept: ${files.length} histories of ${new Set(files.map((f) => f.type)).size} workflow types`);
  if (missing.length) console.error(`workflow types without a history: ${missing.join(', ')}`);
  if (failed.length) console.error(`scenarios that failed: ${failed.join(', ')}`);
  if (by('new shape'))
    console.log(
      'New shapes were added beside the kept histories: run `npx jest tests/replay` and keep the old files while runs of their shape may be in flight (docs/workflows.md).',
    );
  process.exitCode = failed.length || (!only.length && missing.length) ? 1 : 0;
}

main().then(
  () => process.exit(),
  (err) => {
    console.error(err);
    process.exit(1);
  },
);
