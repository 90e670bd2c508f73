// Video reviews (issue 20, second tier): one video per review from the signed review page, uploaded
// in resumable chunks (tus), checked by its bytes and ffprobe, transcoded by a Temporal activity with
// ffmpeg to H.264/AAC MP4 plus a poster, then added to the review through the reviews plugin's
// `reviews.media` capability. The review page asks for the field through `reviews.video`. README.md.
import { definePlugin } from '@plaudit/kernel';
import { videoUploads } from './capabilities';
import { ticketSchema } from './shared/ticket';

export default definePlugin({
  id: 'video-reviews',
  features: { videoReviews: 'second' },
  links: { upload: ticketSchema },
  // the review pages' video field and its binding to the new review
  provides: { 'reviews.video': videoUploads },
  // a transcoded video joins its review's media; without the reviews plugin nothing asks for videos
  needs: { 'reviews.media': 'optional' },
});
