export { transcodeReviewVideo, videoUploadsCleanup } from './transcode';
