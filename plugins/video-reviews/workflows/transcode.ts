// transcodeReviewVideo: one per video sent with a review (`video:<shop>:<upload id>`), started in the
// review's own transaction through the outbox. The transcode heartbeats while ffmpeg runs, so a
// worker that dies mid-way is noticed within a minute and the next attempt starts over. A video that
// cannot be made (gone, unreadable) is recorded as failed; the review keeps its text and photos.
import { proxyActivities } from '@temporalio/workflow';
import type { createActivities } from '../activities';
import type { VideoJob } from './messages';

type Activities = ReturnType<typeof createActivities>;

const { videoTranscode } = proxyActivities<Activities>({
  startToCloseTimeout: '15 minutes',
  heartbeatTimeout: '1 minute',
  retry: {
    initialInterval: '10 seconds',
    backoffCoefficient: 2,
    maximumInterval: '5 minutes',
    maximumAttempts: 5,
    nonRetryableErrorTypes: ['VideoGone', 'VideoUnreadable'],
  },
});
const local = proxyActivities<Activities>({
  startToCloseTimeout: '1 minute',
  retry: { initialInterval: '2 seconds', backoffCoefficient: 2, maximumInterval: '1 minute', maximumAttempts: 20, nonRetryableErrorTypes: ['VideoGone'] },
});

export async function transcodeReviewVideo(job: VideoJob): Promise<'ready' | 'failed'> {
  try {
    const media = await videoTranscode(job);
    await local.videoAddToReview(job, media);
    return 'ready';
  } catch (err) {
    const cause = (err as { cause?: Error }).cause;
    await local.videoFailed(job, cause?.message ?? (err as Error).message);
    return 'failed';
  }
}

export async function videoUploadsCleanup(): Promise<number> {
  return local.videoUploadsCleanup();
}
