// The transcode workflow's input: one per upload (`video:<shop>:<upload id>`).
export interface VideoJob {
  shopId: number;
  shopDomain: string;
  uploadId: string;
}

/** What the review's media gets: the MP4, its poster, the caption track when there is a caption. */
export interface VideoMedia {
  url: string;
  poster: string;
  captions?: string;
  seconds: number;
  width: number;
  height: number;
}

export const transcodeWorkflowId = (job: VideoJob) => `video:${job.shopDomain}:${job.uploadId}`;
