// What a review's video may be (issue 20), said in the form and checked on our side: the upload's
// declared size when it starts, its bytes and its length when it ends.
export const MAX_VIDEO_BYTES = 100 * 1024 * 1024;
export const MAX_VIDEO_SECONDS = 60;
/** the transcoded file: 720p at most, H.264 capped at 2.5 Mbit/s, AAC 128 kbit/s (a 60 s video ≤ 20 MB) */
export const OUTPUT = { longEdge: 1280, videoKbps: 2500, audioKbps: 128 } as const;
export const MAX_CAPTION = 500;

/** Why an upload is refused: a key of `video-reviews:public.refused.*`. */
export type Refusal = 'type' | 'too_large' | 'too_long' | 'unreadable' | 'expired' | 'used';

/** The refusal's English text, the tus response body a client shows when it has no translation. */
export const REFUSED: Record<Refusal, string> = {
  type: 'The video must be an MP4, MOV or WebM file',
  too_large: 'The video must not be larger than 100 MB',
  too_long: 'The video must not be longer than 60 seconds',
  unreadable: 'The video could not be read',
  expired: 'This upload has expired: please choose the video again',
  used: 'This video was already sent with a review',
};
