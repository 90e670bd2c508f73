// One upload's transcode: the MP4, its poster and caption track under the upload's own name, so a
// retried attempt overwrites its own files and never makes a second copy. The review gets them from
// the VideoTranscoded event (contracts/video-reviews.ts), which the reviews plugin listens to:
// this plugin never calls the reviews plugin (docs/plugins.md, "Contracts").
import fs from 'node:fs';
import { ApplicationFailure, Context } from '@temporalio/activity';
import type { ActivityDeps } from '@plaudit/kernel';
import { VideoTranscoded } from '@plaudit/contracts/video-reviews';
import { findUpload, finishUpload } from '../db/uploads';
import { uploadFile, videoDir, videoFile, videoUrl } from '../shared/files';
import { overBudget } from '../shared/budget';
import { REFUSED } from '../shared/limits';
import { captionTrack, posterOf, transcodeVideo } from '../shared/transcode';
import { probeVideo } from '../shared/probe';
import type { VideoJob, VideoMedia } from '../workflows/messages';
import { Slots } from './slots';

/**
 * Transcodes at once in this worker: one, at half the cores (shared/transcode.ts), so videos never
 * take more than half the machine; the others wait here, heartbeating, within their 15 minutes.
 */
export const TRANSCODES_AT_ONCE = 1;
export const transcodeSlots = new Slots(TRANSCODES_AT_ONCE);

/** An upload accepted before the limits (shared/budget.ts) fails with the reason rather than costing CPU-minutes. */
async function checkBudget(source: string) {
  const facts = await probeVideo(source);
  if (!facts) throw ApplicationFailure.nonRetryable('The video could not be read', 'VideoUnreadable');
  const refusal = overBudget(facts);
  if (refusal) throw ApplicationFailure.nonRetryable(REFUSED[refusal], 'VideoOverBudget');
}

export async function transcodeUpload(deps: ActivityDeps, job: VideoJob): Promise<VideoMedia> {
  const tenant = deps.tenant(job.shopId, job.shopDomain);
  const row = await findUpload(tenant, job.uploadId);
  if (!row || row.status !== 'attached')
    throw ApplicationFailure.nonRetryable(`Upload ${job.uploadId} is not waiting for its transcode (${row?.status ?? 'gone'})`, 'VideoGone');
  const source = uploadFile(deps.config.dataDir, job.uploadId);
  if (!fs.existsSync(source)) throw ApplicationFailure.nonRetryable('The uploaded file is gone', 'VideoGone');
  fs.mkdirSync(videoDir(deps.config.dataDir), { recursive: true });
  const mp4 = `${job.uploadId}.mp4`;
  const heartbeat = () => Context.current().heartbeat();
  await checkBudget(source);
  await transcodeSlots.run(() => transcodeVideo(source, videoFile(deps.config.dataDir, mp4), row.hasAudio ?? true, heartbeat), heartbeat);
  const out = await probeVideo(videoFile(deps.config.dataDir, mp4));
  if (!out) throw ApplicationFailure.nonRetryable('ffmpeg wrote no readable video', 'VideoUnreadable');
  const poster = await posterOf(videoFile(deps.config.dataDir, mp4), out.seconds);
  fs.writeFileSync(videoFile(deps.config.dataDir, `${job.uploadId}.jpg`), poster.bytes);
  const media: VideoMedia = {
    url: videoUrl(mp4),
    poster: videoUrl(`${job.uploadId}.jpg`),
    seconds: Math.round(out.seconds * 10) / 10,
    width: out.width,
    height: out.height,
  };
  if (row.caption) {
    fs.writeFileSync(videoFile(deps.config.dataDir, `${job.uploadId}.vtt`), captionTrack(row.caption, out.seconds));
    media.captions = videoUrl(`${job.uploadId}.vtt`);
  }
  return media;
}

/** The upload is ready and its event recorded in one transaction: the review gets the video once, even if this is retried. */
export async function addToReview(deps: ActivityDeps, job: VideoJob, media: VideoMedia) {
  const tenant = deps.tenant(job.shopId, job.shopDomain);
  const row = await findUpload(tenant, job.uploadId);
  if (!row?.reviewId) throw ApplicationFailure.nonRetryable('No review to add the video to', 'VideoGone');
  // the upload's own file served the transcode only: gone before the upload is seen `ready`
  fs.rmSync(uploadFile(deps.config.dataDir, job.uploadId), { force: true });
  if (row.status !== 'attached') return;
  const video = { ...media, ...(row.caption ? { caption: row.caption } : {}) };
  await deps.knex.transaction(async (trx) => {
    await finishUpload(tenant, job.uploadId, { status: 'ready' }, trx);
    const ready = { shopId: job.shopId, shopDomain: job.shopDomain, reviewId: Number(row.reviewId), uploadId: job.uploadId, video };
    await deps.events.emit(VideoTranscoded, ready, { key: job.uploadId, shopDomain: job.shopDomain, trx });
  });
}
