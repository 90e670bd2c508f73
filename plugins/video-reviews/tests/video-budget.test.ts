// What a video may cost (issue 30.8): an 8K clip took 24 s of transcoding for 3 seconds on 2 cores.
// A frame above 4K, a rate above 60 fps or more decoding than the budget (shared/budget.ts) is
// refused at the upload's last byte with the limit named, before any transcode; one that reached
// the transcode anyway (accepted before the limits) ends `failed` with the reason, ffmpeg never run.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eventually, startPlatformStack, withPlugins } from '@plaudit/kernel/testing';
import { Slots } from '../activities/slots';
import { uploadFile, videoDir } from '../shared/files';
import { encodeLavfi, makeVideo, writeLinkFor } from './helpers';

jest.setTimeout(180_000);

type Stack = Awaited<ReturnType<typeof startPlatformStack>>;
let stack: Stack;
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'plaudit-video-budget-'));

beforeAll(async () => {
  stack = await startPlatformStack();
});
afterAll(async () => {
  await stack?.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

/** A clip of one flat colour (a few kB whatever its size): `source` is ffmpeg's lavfi input. */
const clip = async (name: string, source: string): Promise<Buffer> => (await encodeLavfi(dir, name, [source])).bytes;

async function uploadPage() {
  const link = await writeLinkFor(stack);
  const page = await (await fetch(link.url)).text();
  const endpoint = /data-endpoint="([^"]+)"/.exec(page)![1];
  const ticket = /data-ticket="([^"]+)"/.exec(page)![1];
  return { ...link, endpoint: stack.appUrl + new URL(endpoint).pathname, ticket };
}

/** The tus creation and one PATCH of the whole file: the upload's id and the final answer. */
async function upload(endpoint: string, ticket: string, bytes: Buffer) {
  const b64 = (s: string) => Buffer.from(s).toString('base64');
  const created = await fetch(endpoint, {
    method: 'POST',
    headers: { 'Tus-Resumable': '1.0.0', 'Upload-Length': String(bytes.length), 'Upload-Metadata': `ticket ${b64(ticket)},filetype ${b64('video/mp4')}` },
  });
  expect(created.status).toBe(201);
  const location = created.headers.get('location')!;
  const answer = await fetch(location.replace(/^https?:\/\/[^/]+/, stack.appUrl), {
    method: 'PATCH',
    headers: { 'Tus-Resumable': '1.0.0', 'Upload-Offset': '0', 'Content-Type': 'application/offset+octet-stream' },
    body: new Uint8Array(bytes),
  });
  return { id: location.split('/').pop()!, status: answer.status, text: await answer.text() };
}

const uploadRow = (id: string) => stack.api.knex('video_uploads').where({ id }).first();

withPlugins('reviews')('an 8K frame, 240 fps and 33 s of 4K are refused at the upload with the limit named; 4K itself is taken', async () => {
  const refusals = [
    {
      name: '8k.mp4',
      source: 'color=c=gray:size=7680x4320:rate=1:duration=1',
      refusal: 'too_high_res',
      text: 'The video must not be larger than 4K (3840 × 2160 pixels)',
    },
    {
      name: 'tall.mp4',
      source: 'color=c=gray:size=1080x4320:rate=1:duration=1',
      refusal: 'too_high_res',
      text: 'The video must not be larger than 4K (3840 × 2160 pixels)',
    },
    { name: 'fast.mp4', source: 'testsrc=size=64x48:rate=240:duration=1', refusal: 'too_fast', text: 'The video must not have more than 60 frames per second' },
    // 1 fps is counted as 30: 3840 x 2160 x 30 x 33 = 8.2 gigapixels, above the 8 of the budget
    {
      name: 'heavy.mp4',
      source: 'color=c=gray:size=3840x2160:rate=1:duration=33',
      refusal: 'too_heavy',
      text: 'The video is too heavy to process: in 4K it must not be longer than 30 seconds',
    },
  ];
  const taken = [
    ['4k60.mp4', 'color=c=gray:size=3840x2160:rate=60:duration=0.5'],
    ['4k-portrait.mp4', 'color=c=gray:size=2160x3840:rate=30:duration=1'],
  ];
  const clips = new Map<string, Buffer>();
  for (const [name, source] of [...refusals.map((r) => [r.name, r.source]), ...taken]) clips.set(name, await clip(name, source));
  const { endpoint, ticket } = await uploadPage();
  for (const r of refusals) {
    const sent = await upload(endpoint, ticket, clips.get(r.name)!);
    expect({ name: r.name, status: sent.status, text: sent.text }).toEqual({ name: r.name, status: 422, text: r.text });
    // refused before any transcode: the file is gone and the row says why
    expect(await uploadRow(sent.id)).toMatchObject({ status: 'refused', refusal: r.refusal });
    expect(fs.existsSync(uploadFile(stack.api.config.dataDir, sent.id))).toBe(false);
  }

  // the limits themselves are taken: 4K at 60 fps, portrait 4K
  for (const [name, source] of taken) {
    const sent = await upload(endpoint, ticket, clips.get(name)!);
    expect({ name, status: sent.status }).toEqual({ name, status: 204 });
    expect(await uploadRow(sent.id)).toMatchObject({ status: 'accepted', width: Number(source.split('size=')[1].split('x')[0]) });
  }
});

withPlugins('reviews')('an upload accepted before the limits fails its transcode with the reason, without running ffmpeg', async () => {
  const small = (await makeVideo(dir, 'small.mp4', 1)).bytes;
  const earlier = await clip('8k-earlier.mp4', 'color=c=gray:size=7680x4320:rate=1:duration=1');
  const { endpoint, ticket, url } = await uploadPage();
  const sent = await upload(endpoint, ticket, small);
  expect(sent.status).toBe(204);
  // what an older version accepted: an 8K clip waiting for its review
  fs.writeFileSync(uploadFile(stack.api.config.dataDir, sent.id), earlier);

  const form = new FormData();
  for (const [k, v] of Object.entries({ rating: '5', content: 'Seen in 8K', firstName: 'Ann', video: sent.id })) form.append(k, v);
  const review = await fetch(url, { method: 'POST', body: form });
  expect(review.status).toBeLessThan(400);

  const row = await eventually(async () => {
    const r = await uploadRow(sent.id);
    return r?.status === 'failed' ? r : undefined;
  }, 90_000);
  expect(row.error).toBe('The video must not be larger than 4K (3840 × 2160 pixels)');
  // no transcoded file or poster was written
  const made = videoDir(stack.api.config.dataDir);
  expect(fs.existsSync(made) ? fs.readdirSync(made).filter((f) => f.startsWith(sent.id)) : []).toEqual([]);
});

test('the transcode slots let one holder in at a time, the next in arrival order', async () => {
  const slots = new Slots(1);
  const order: string[] = [];
  let release!: () => void;
  const first = slots.run(() => new Promise<void>((resolve) => (release = resolve)).then(() => order.push('first')));
  const second = slots.run(async () => order.push(`second (busy ${slots.busy})`));
  const third = slots.run(async () => order.push('third'));
  await Promise.resolve();
  expect(order).toEqual([]);
  release();
  await Promise.all([first, second, third]);
  expect(order).toEqual(['first', 'second (busy 1)', 'third']);
  expect(slots.busy).toBe(0);
});
