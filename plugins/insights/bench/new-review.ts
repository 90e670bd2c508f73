// One new review at a time on the idle stack (PAUSE_MS apart: alone, not part of a burst), from the
// API's answer to its product's topics counting it (polled every POLL_MS), and where that time goes, step by step from the workflows' histories:
// the event's delivery workflow, the insights handler's signal, the shop's batch (bench:insights-rebuild).
import type { Client } from '@temporalio/client';
import { ReviewCreated } from '@plaudit/contracts/reviews';
import { type client, eventWorkflowId } from '@plaudit/kernel/testing';
import { shopWorkflowId } from '../workflows/messages';

const POLL_MS = 10;
/** a lone review: the shop's last batch ended longer ago than its workflow's burst window (workflows/shop.ts BURST_MS, 1 s) */
const PAUSE_MS = 2_000;

interface Setup {
  http: ReturnType<typeof client>;
  temporal: Client;
  domain: string;
  rounds: number;
  productOf(n: number): string;
}

interface Seen {
  reviewId: number;
  postedAt: number;
  seenAt: number;
}

export async function newReviewLatency({ http, temporal, domain, rounds, productOf }: Setup) {
  const latencies: number[] = [];
  const seen: Seen[] = [];
  for (let round = 0; round <= rounds; round++) {
    const productId = productOf(round);
    const soundPraise = async () => {
      const topics = (await http.get(`/api/insights/topics?productId=${encodeURIComponent(productId)}`)).body.topics as { topic: string; positive: number }[];
      return topics.find((t) => t.topic === 'sound')?.positive ?? 0;
    };
    const before = await soundPraise();
    await new Promise((r) => setTimeout(r, PAUSE_MS));
    const postedAt = Date.now();
    const created = await http.post('/api/reviews', { rating: 5, content: 'Great sound, crisp and clear.', productId, firstName: 'Sam', status: 'published' });
    if (created.status !== 201) throw new Error(`review: ${created.status} ${JSON.stringify(created.body)}`);
    while ((await soundPraise()) === before) await new Promise((r) => setTimeout(r, POLL_MS));
    const seenAt = Date.now();
    // the first round starts the shop's batching workflow: shown apart
    if (round === 0) console.log(`\nfirst new review (starts the shop's workflow): ${seenAt - postedAt} ms`);
    else {
      latencies.push(seenAt - postedAt);
      seen.push({ reviewId: created.body.id as number, postedAt, seenAt });
    }
  }
  // read once the last batch is reported done (the topics may show a review just before its activity's completion is recorded)
  const shop = temporal.workflow.getHandle(shopWorkflowId(domain));
  while ((await shop.describe()).raw.pendingActivities?.length) await new Promise((r) => setTimeout(r, POLL_MS));
  const ways = await Promise.all(seen.map((r) => wayOf(temporal, domain, r)));
  const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
  console.log(
    `one new review to its product's topics, ${latencies.length} rounds: median ${median(latencies)} ms, max ${Math.max(...latencies)} ms (goal 1000 ms)`,
  );
  console.log("  where the time goes, each step's median (ms):");
  for (const step of Object.keys(ways[0])) console.log(`    ${step}: ${median(ways.map((w) => w[step])).toFixed(0)}`);
}

type HistoryEvent = NonNullable<Awaited<ReturnType<ReturnType<Client['workflow']['getHandle']>['fetchHistory']>>['events']>[number];
const timeOf = (e: HistoryEvent | undefined) => (e?.eventTime ? Number(e.eventTime.seconds) * 1000 + (e.eventTime.nanos ?? 0) / 1e6 : Number.NaN);
// event ids come as numbers or as protobuf Longs ({ low, high })
const idOf = (v: unknown): number => {
  if (!v || typeof v !== 'object') return Number(v);
  const { low, high } = v as { low: number; high: number };
  return low + high * 2 ** 32;
};
const argOf = (payloads: { data?: Uint8Array | null }[] | null | undefined) => Buffer.from(payloads?.[0]?.data ?? []).toString();

/** One review's way through the workflows, each step to where the server's clock saw it end (one machine, one clock). */
async function wayOf(temporal: Client, domain: string, { reviewId, postedAt, seenAt }: Seen): Promise<Record<string, number>> {
  const delivery = (await temporal.workflow.getHandle(eventWorkflowId(ReviewCreated.name, reviewId)).fetchHistory()).events ?? [];
  const shop = (await temporal.workflow.getHandle(shopWorkflowId(domain)).fetchHistory()).events ?? [];
  const signaled = shop.find((e) => argOf(e.workflowExecutionSignaledEventAttributes?.input?.payloads) === `[${reviewId}]`);
  const batch = shop.find((e) => idOf(e.eventId) > idOf(signaled?.eventId) && e.activityTaskScheduledEventAttributes);
  const stored = shop.find((e) => idOf(e.activityTaskCompletedEventAttributes?.scheduledEventId) === idOf(batch?.eventId));
  return {
    "the review is stored and its event's delivery workflow started": timeOf(delivery[0]) - postedAt,
    "its insights handler has signalled the shop's workflow": timeOf(signaled) - timeOf(delivery[0]),
    'the workflow has scheduled the batch': timeOf(batch) - timeOf(signaled),
    'the batch is read and stored': timeOf(stored) - timeOf(batch),
    'the topics answer with it (polled)': seenAt - timeOf(stored),
  };
}
