// Review requests at volume (issue 5), each figure measured side by side in one run:
// 1. starting 10,000 old-order review-request workflows (the app's own startOrderRequest: one
//    signal-with-start per order carrying its facts, summary and details, a page of 20 at a time, as
//    the old-orders activity does) against starting 10,000 empty workflows the same way, on the same
//    in-memory Temporal dev server, in alternating rounds so neither side gets the warmer server;
//    goal: ratio >= 0.8;
// 2. pooled SMTP throughput to the local sink (the worker's own transport, createMailer: nodemailer,
//    pool of 5) with the rendered review-request email, 5 messages in flight, beside a transport
//    without a pool at the same concurrency; goal >= 100 messages/s.
// Run: npm run bench:requests [-- starts | smtp]   (needs the Temporal CLI, as `npm start` does)
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Client, Connection } from '@temporalio/client';
import nodemailer, { type Transporter } from 'nodemailer';
import { defineWorkflow } from '@plaudit/contracts/define';
import { startWorkflow, type PlatformOrder } from '@plaudit/kernel';
import { createLogger, createMailer, findTemporalCli, freePort, renderMail, startSmtpSink, startTemporalDevServer, stopChild } from '@plaudit/kernel/testing';
import { startOrderRequest } from '../activities/old-orders';

const STARTS = 10_000;
const ROUNDS = 10; // alternating rounds of STARTS / ROUNDS each
const PAGE = 20; // the old-orders activity's page, started together
const MESSAGES = 3_000;
const SHOP = 'bench-shop.myshopify.com';
/** A workflow type nobody implements: no worker polls the bench's queue, only the start is measured. */
const BenchEmpty = defineWorkflow<() => Promise<void>>('benchEmpty');

/** A past order as the Admin API returns it: 1-3 items, most of them fulfilled. */
function syntheticOrder(i: number): PlatformOrder {
  const created = new Date(Date.now() - (i % 60) * 86_400_000);
  const items = 1 + (i % 3);
  return {
    id: `gid://shopify/Order/${6_000_000_000_000 + i}`,
    name: `#${10_000 + i}`,
    createdAt: created.toISOString(),
    email: `customer${i}@example.com`,
    displayFinancialStatus: 'PAID',
    displayFulfillmentStatus: 'FULFILLED',
    currentTotalPriceSet: { shopMoney: { amount: '42.00', currencyCode: 'EUR' } },
    customer: { id: `gid://shopify/Customer/${7_000_000_000_000 + (i % 500)}`, firstName: 'Ada', lastName: `Customer ${i % 500}` },
    shippingAddress: { countryCodeV2: ['DE', 'FR', 'US', 'GB'][i % 4] },
    lineItems: {
      nodes: Array.from({ length: items }, (_, k) => ({
        id: `gid://shopify/LineItem/${i * 10 + k}`,
        title: `Product ${(i + k) % 40}`,
        quantity: 1,
        product: { id: `gid://shopify/Product/${8_000_000_000_000 + ((i + k) % 40)}` },
        variant: null,
        image: null,
      })),
    },
    fulfillments: i % 3 === 0 ? [] : [{ createdAt: new Date(created.getTime() + 86_400_000).toISOString(), deliveredAt: null, displayStatus: 'FULFILLED' }],
  };
}

async function inPages<T>(items: T[], fn: (item: T) => Promise<unknown>) {
  for (let i = 0; i < items.length; i += PAGE) await Promise.all(items.slice(i, i + PAGE).map(fn));
}

async function workflowStarts() {
  const cli = findTemporalCli(process.env.TEMPORAL_CLI_PATH);
  if (!cli) throw new Error('no Temporal CLI: run `npm start` once (it builds one) or set TEMPORAL_CLI_PATH');
  const namespace = 'plaudit-bench';
  const server = await startTemporalDevServer({ cli, port: await freePort(), uiPort: await freePort(), namespace, log: createLogger('silent') });
  const connection = await Connection.connect({ address: server.address });
  const temporal = new Client({ connection, namespace });
  // No worker polls this queue: what is measured is the start itself, not running the workflows.
  const taskQueue = 'bench-starts';
  const target = { temporal, taskQueue, appUrl: 'http://localhost:3000' };
  const input = { shopId: 1, shopDomain: SHOP };
  try {
    const warm = Array.from({ length: 200 }, (_, i) => i);
    await inPages(warm, (i) => startWorkflow(temporal, BenchEmpty, { workflowId: `warm-empty-${i}`, taskQueue, args: [] }));
    await inPages(warm, (i) => startOrderRequest(target, input, syntheticOrder(STARTS + i), 'old-orders'));

    const per = STARTS / ROUNDS;
    let emptyMs = 0;
    let ordersMs = 0;
    const roundRatios: number[] = [];
    for (let r = 0; r < ROUNDS; r++) {
      const ids = Array.from({ length: per }, (_, k) => r * per + k);
      const empty = async () => {
        const t = performance.now();
        await inPages(ids, (i) => startWorkflow(temporal, BenchEmpty, { workflowId: `empty-${i}`, taskQueue, args: [] }));
        emptyMs += performance.now() - t;
      };
      const orders = async () => {
        const t = performance.now();
        await inPages(ids, (i) => startOrderRequest(target, input, syntheticOrder(i), 'old-orders'));
        ordersMs += performance.now() - t;
      };
      // Alternate which side goes first, so a server warming up or filling up favours neither.
      const before = { emptyMs, ordersMs };
      if (r % 2 === 0) await empty().then(orders);
      else await orders().then(empty);
      roundRatios.push((emptyMs - before.emptyMs) / (ordersMs - before.ordersMs));
    }
    roundRatios.sort((a, b) => a - b);
    const emptyRate = STARTS / (emptyMs / 1000);
    const ordersRate = STARTS / (ordersMs / 1000);
    console.log(`workflow starts on one in-memory Temporal dev server (${ROUNDS} alternating rounds, ${PAGE} in flight)`);
    console.log(`  ${STARTS} empty workflows              ${(emptyMs / 1000).toFixed(1).padStart(6)} s   ${emptyRate.toFixed(0).padStart(5)} starts/s`);
    console.log(`  ${STARTS} old-order review requests    ${(ordersMs / 1000).toFixed(1).padStart(6)} s   ${ordersRate.toFixed(0).padStart(5)} starts/s`);
    console.log(
      `  ratio old-order / empty: ${(ordersRate / emptyRate).toFixed(2)} (goal >= 0.8); per round: min ${roundRatios[0].toFixed(2)}, median ${roundRatios[Math.floor(ROUNDS / 2)].toFixed(2)}, max ${roundRatios.at(-1)!.toFixed(2)}\n`,
    );
    return { emptyRate, ordersRate };
  } finally {
    await connection.close();
    await server.stop();
  }
}

/** The sink runs in its own process, as under `npm start` (the worker sends from another). */
async function sinkProcess(dir: string): Promise<{ url: string; stop(): Promise<void> }> {
  const child = spawn(process.execPath, ['--import', 'tsx', __filename, '--sink', dir], { stdio: ['ignore', 'pipe', 'inherit'] });
  const url = await new Promise<string>((resolve, reject) => {
    child.stdout!.once('data', (c: Buffer) => resolve(c.toString().trim()));
    child.once('exit', (code) => reject(new Error(`the SMTP sink exited (${code})`)));
  });
  return { url, stop: () => stopChild(child) };
}

async function smtpThroughput() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'plaudit-bench-mail-'));
  const sink = await sinkProcess(dir);
  // The review-request email in the kernel's mail layout.
  const product = (n: number) => ({
    title: `Product ${n}`,
    button: { url: `http://localhost:3000/r/write/${'x'.repeat(180)}.${n}`, labelHtml: 'Write a review' },
  });
  const subject = 'Ada, how did you like your order #1001?';
  const html = await renderMail({
    subject,
    contentHtml:
      '<h1 style="margin:0;font-size:22px">Thank you for shopping with Bench Shop</h1><p>Your opinion helps other shoppers. It takes a minute: rate each product below.</p>',
    products: [product(1), product(2), product(3)],
    footer: 'Bench Shop',
    unsubscribe: { url: 'http://localhost:3000/r/unsubscribe/x', label: 'Unsubscribe' },
    openPixelUrl: 'http://localhost:3000/r/open/x.gif',
  });
  const mail = (i: number) => ({
    from: 'reviews@plaudit.local',
    to: `customer${i}@example.com`,
    subject,
    html,
    messageId: `<review-request-${i}-0@bench.local>`,
    headers: { 'X-Plaudit-Shop': SHOP },
  });
  // At most 5 messages in flight either way: what differs is only whether connections are reused.
  const run = async (label: string, transport: Transporter, n: number) => {
    const t = performance.now();
    let next = 0;
    const lane = async () => {
      while (next < n) await transport.sendMail(mail(next++));
    };
    await Promise.all(Array.from({ length: 5 }, lane));
    const rate = n / ((performance.now() - t) / 1000);
    transport.close();
    console.log(`  ${label.padEnd(36)} ${String(n).padStart(5)} messages   ${rate.toFixed(0).padStart(5)} messages/s`);
    return rate;
  };
  try {
    console.log(`SMTP to the local sink (its own process), the review-request email (${(Buffer.byteLength(html) / 1024).toFixed(1)} KB of HTML)`);
    await run('warm-up (pooled)', createMailer({ smtp: { url: sink.url } } as never), 200);
    const pooled = await run("pooled, 5 connections (the worker's)", createMailer({ smtp: { url: sink.url } } as never), MESSAGES);
    // Without a pool every message opens its own connection; a third of the messages suffices.
    const unpooled = await run('no pool, a connection per message', nodemailer.createTransport(sink.url), MESSAGES / 3);
    console.log(`  pooled vs goal 100 messages/s: ${(pooled / 100).toFixed(2)}x; pooled / no pool: ${(pooled / unpooled).toFixed(2)}\n`);
    return { pooled, unpooled };
  } finally {
    await sink.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

async function main() {
  if (process.argv[2] === '--sink') {
    const sink = await startSmtpSink(process.argv[3], await freePort(), createLogger('silent'));
    process.stdout.write(`${sink.url}\n`);
    process.on('SIGTERM', () => sink.stop().then(() => process.exit(0)));
    return;
  }
  // `npm run bench:requests -- starts` or `-- smtp` runs one half.
  const only = process.argv[2];
  if (only !== 'smtp') await workflowStarts();
  if (only !== 'starts') await smtpThroughput();
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
