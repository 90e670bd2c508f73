// Video reviews (issue 20, second tier): one video per review from the signed review page, uploaded
// in resumable chunks (tus), checked by its bytes and ffprobe, transcoded by a Temporal activity with
// ffmpeg to H.264/AAC MP4 plus a poster, then announced (VideoTranscoded), which the reviews plugin
// listens to and adds to the review. The review pages ask for the field through ReviewVideos. Both are
// this plugin's contract (contracts/video-reviews.ts); it uses nothing of the reviews plugin. README.md.
import { definePlugin, provide } from '@plaudit/kernel';
import { ReviewVideos } from '@plaudit/contracts/video-reviews';
import { videoUploads } from './capabilities';
import { ticketSchema } from './shared/ticket';

export default definePlugin({
  id: 'video-reviews',
  features: { videoReviews: 'second' },
  links: { upload: ticketSchema },
  // the review pages' video field and its binding to the new review
  provides: [provide(ReviewVideos, videoUploads)],
});
