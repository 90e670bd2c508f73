// What a test's wait for mail costs: `listMail` (api/runtime/smtp-sink.ts) called while the SMTP sink's
// index grows by a message now and then, as `eventually(() => mailOf(shop).length ...)` does every
// 200 ms (mail-crash.test.ts every 5 ms). Side by side in one run, for indexes of the sizes a test run
// reaches: the whole index read and parsed at each call (how listMail read it before) against listMail,
// which reads what was appended since its last call. CPU per call, median of ROUNDS.
//
//   npx tsx bench/mail-index.ts            # SIZES=500,2000,5000 CALLS=400 ROUNDS=5
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { listMail, mailDir, type StoredMail } from '../api/runtime/smtp-sink';

const SIZES = (process.env.SIZES ?? '500,2000,5000').split(',').map(Number);
const CALLS = Number(process.env.CALLS ?? 400);
const ROUNDS = Number(process.env.ROUNDS ?? 5);

/** A line as the sink writes it (its fields at their usual lengths). */
function line(n: number): string {
  const mail: StoredMail = {
    id: `1733270400000-${n}`,
    receivedAt: new Date(1_733_270_400_000 + n).toISOString(),
    envelopeFrom: 'reviews@plaudit.local',
    envelopeTo: [`customer-${n}@example.com`],
    from: 'Test shop <reviews@plaudit.local>',
    to: `customer-${n}@example.com`,
    subject: `How was your order #${1000 + n}? Tell us in a minute`,
    messageId: `<review-request-${n}-0@plaudit.local>`,
    shop: `test-${(n % 97).toString(16)}abcdef.myshopify.com`,
    file: `1733270400000-${n}.eml`,
    size: 12_000,
  };
  return `${JSON.stringify(mail)}\n`;
}

/** How the index was read before: all of it, at every call. */
function wholeIndex(dataDir: string): StoredMail[] {
  return fs
    .readFileSync(path.join(mailDir(dataDir), 'index.jsonl'), 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l) as StoredMail)
    .reverse();
}

/** CPU microseconds per call over CALLS calls, one message appended every tenth call. */
function perCall(read: (dataDir: string) => StoredMail[], size: number): number {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'plaudit-mail-index-'));
  fs.mkdirSync(mailDir(dataDir));
  const index = path.join(mailDir(dataDir), 'index.jsonl');
  fs.writeFileSync(index, Array.from({ length: size }, (_, n) => line(n)).join(''));
  read(dataDir); // a test file's first call reads the index once either way
  const started = process.cpuUsage();
  for (let call = 0; call < CALLS; call++) {
    if (call % 10 === 0) fs.appendFileSync(index, line(size + call));
    if (read(dataDir).length < size) throw new Error('a message went missing');
  }
  const used = process.cpuUsage(started);
  fs.rmSync(dataDir, { recursive: true, force: true });
  return (used.user + used.system) / CALLS;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

console.log(`listMail while a test waits for mail: CPU per call (median of ${ROUNDS} rounds of ${CALLS} calls, one message appended every 10 calls)`);
console.log('| messages in the index | whole index each call | listMail (appended lines) | ratio |');
console.log('|---|---|---|---|');
for (const size of SIZES) {
  const before: number[] = [];
  const after: number[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    before.push(perCall(wholeIndex, size));
    after.push(perCall(listMail, size));
  }
  const [b, a] = [median(before), median(after)];
  console.log(`| ${size} | ${Math.round(b)} µs | ${Math.round(a)} µs | ${(a / b).toFixed(3)} |`);
}
