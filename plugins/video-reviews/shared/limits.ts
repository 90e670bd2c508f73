// What a review's video may be (issue 20), said in the form and checked on our side: the upload's
// declared size when it starts, its bytes and its length when it ends.
export const MAX_VIDEO_BYTES = 100 * 1024 * 1024;
export const MAX_VIDEO_SECONDS = 60;
/** the largest frame taken, either way up: 4K UHD (issue 30.8: an 8K clip cost 8 CPU-seconds a second) */
export const MAX_FRAME = { longEdge: 3840, shortEdge: 2160 } as const;
export const MAX_FPS = 60;
/**
 * The decoding a video may cost: width x height x frames a second (counted as 30 at least) x
 * seconds. 8 gigapixels: 4K at 30 fps for 32 s, 1440p at 30 fps or 1080p at 60 fps for the full minute.
 */
export const MAX_DECODED_PIXELS = 8e9;
export const MIN_COUNTED_FPS = 30;
/** the transcoded file: 720p at most, H.264 capped at 2.5 Mbit/s, AAC 128 kbit/s (a 60 s video ≤ 20 MB) */
export const OUTPUT = { longEdge: 1280, videoKbps: 2500, audioKbps: 128 } as const;
export const MAX_CAPTION = 500;

/** Why an upload is refused: a key of `video-reviews:public.refused.*`. */
export type Refusal = 'type' | 'too_large' | 'too_long' | 'too_high_res' | 'too_fast' | 'too_heavy' | 'unreadable' | 'expired' | 'used';

/** The refusal's English text, the tus response body a client shows when it has no translation. */
export const REFUSED: Record<Refusal, string> = {
  type: 'The video must be an MP4, MOV or WebM file',
  too_large: 'The video must not be larger than 100 MB',
  too_long: 'The video must not be longer than 60 seconds',
  too_high_res: 'The video must not be larger than 4K (3840 × 2160 pixels)',
  too_fast: 'The video must not have more than 60 frames per second',
  too_heavy: 'The video is too heavy to process: in 4K it must not be longer than 30 seconds',
  unreadable: 'The video could not be read',
  expired: 'This upload has expired: please choose the video again',
  used: 'This video was already sent with a review',
};
