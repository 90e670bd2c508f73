// The floors bench:storefront measures beside its goals (issue 29): what node:http alone costs for each
// pass, so a ratio that misses its goal says how much of the gap is the app's and how much is the work.
import crypto from 'node:crypto';
import http from 'node:http';
import type { Knex } from 'knex';
import type pino from 'pino';
import { SharedAnswers } from '../api/shared-answers';

/** The hot set's floor: the bare server's body with the headers the API sends on a kept answer (a fresh request id each). */
export function headersFloor(body: Buffer, answer: Headers) {
  const headers = Object.fromEntries([...answer].filter(([name]) => !['date', 'connection', 'keep-alive', 'content-length'].includes(name)));
  const server = http.createServer((_req, res) => {
    res.writeHead(200, { ...headers, 'x-request-id': crypto.randomUUID(), 'content-length': body.length });
    res.end(body);
  });
  return { server, names: [...Object.keys(headers), 'content-length'] };
}

/**
 * The long tail's floor: a bare server that, per request, makes the API's own shared-tier look-up
 * (SharedAnswers.get: one named statement on a pooled connection) and writes the row. Its paths (`/<n>`)
 * name the stored rows.
 */
export async function sharedTierFloor(knex: Knex, log: pino.Logger) {
  // tenancy: the benchmark reads every shop's stored answers to ask for them again
  const { rows } = await knex.raw('SELECT shop_id, key, versions FROM widget_answers ORDER BY shop_id, key');
  const answers = new SharedAnswers(knex, log);
  const server = http.createServer((req, res) => {
    const row = rows[Number(req.url!.slice(1))];
    answers.get(row.shop_id, row.key, row.versions).then(
      (hit) => {
        res.writeHead(200, { ...hit!.headers, 'content-type': hit!.type, etag: hit!.etag, 'content-length': hit!.body.length });
        res.end(hit!.body);
      },
      () => res.writeHead(500).end(),
    );
  });
  return { server, paths: rows.map((_: unknown, i: number) => `/${i}`) };
}

interface Measured {
  rps: number;
  serverUs: number;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

/** A floor's passes against the bare ones of the same rounds, and how much of it the API's passes reach. */
export function floorSummary(label: string, floors: Measured[], bares: Measured[], apis: Measured[], apiLabel: string): string {
  const toBare = floors.map((f, i) => f.rps / bares[i].rps);
  const reached = apis.map((a, i) => a.rps / floors[i].rps);
  const list = (xs: number[]) => `${xs.map((r) => r.toFixed(2)).join(', ')}, median ${median(xs).toFixed(2)}`;
  return [
    `\n${label}: ${Math.round(median(floors.map((p) => p.rps))).toLocaleString('en-US')} req/s, ratio to bare per round ${list(toBare)}; server CPU ${median(floors.map((p) => p.serverUs)).toFixed(0)} µs a request`,
    `  ${apiLabel} reaches ${list(reached)} of it per round`,
  ].join('\n');
}
