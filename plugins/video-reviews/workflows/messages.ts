// The transcode workflow's input: one per upload (`video:<shop>:<upload id>`).
import type { TranscodedVideo } from '@plaudit/contracts/video-reviews';

export interface VideoJob {
  shopId: number;
  shopDomain: string;
  uploadId: string;
}

/** What the review's media gets: the MP4, its poster, the caption track when there is a caption (the caption's text is the upload's). */
export type VideoMedia = Omit<TranscodedVideo, 'caption'>;

export const transcodeWorkflowId = (job: VideoJob) => `video:${job.shopDomain}:${job.uploadId}`;
