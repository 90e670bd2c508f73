// The video plugin's activities: the transcode (transcode.ts), handing the result to the review,
// recording a failure, and the sweep of abandoned uploads.
import fs from 'node:fs';
import type { ActivityDeps } from '@plaudit/kernel';
import { abandonedUploads, finishUpload, forgetUploads } from '../db/uploads';
import { uploadFile } from '../shared/files';
import type { VideoJob, VideoMedia } from '../workflows/messages';
import { addToReview, transcodeUpload } from './transcode';

/** an upload never sent with a review is removed after a day (a phone may resume one overnight) */
const ABANDONED_HOURS = 24;

export function createActivities(deps: ActivityDeps) {
  const tenantOf = (job: VideoJob) => deps.tenant(job.shopId, job.shopDomain);
  return {
    videoTranscode: (job: VideoJob) => transcodeUpload(deps, job),
    videoAddToReview: (job: VideoJob, media: VideoMedia) => addToReview(deps, job, media),
    async videoFailed(job: VideoJob, error: string) {
      await finishUpload(tenantOf(job), job.uploadId, { status: 'failed', error: error.slice(0, 2000) });
      fs.rmSync(uploadFile(deps.config.dataDir, job.uploadId), { force: true });
    },
    async videoUploadsCleanup(): Promise<number> {
      const gone = await abandonedUploads(deps.knex, ABANDONED_HOURS);
      for (const u of gone) fs.rmSync(uploadFile(deps.config.dataDir, u.id), { force: true });
      if (gone.length)
        await forgetUploads(
          deps.knex,
          gone.map((u) => u.id),
        );
      return gone.length;
    },
  };
}
