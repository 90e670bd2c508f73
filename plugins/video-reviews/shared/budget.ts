// What a video may cost to transcode (issue 30.8), judged from ffprobe's facts before ffmpeg runs:
// at the upload's last byte (a 422 the uploader reads) and again by the transcode activity (an
// upload accepted before these limits ends `failed` with the reason).
import { MAX_DECODED_PIXELS, MAX_FPS, MAX_FRAME, MAX_VIDEO_SECONDS, MIN_COUNTED_FPS, type Refusal } from './limits';
import type { VideoFacts } from './probe';

/** The decoding work: a rate below (or without) MIN_COUNTED_FPS buys neither a larger frame nor a longer clip. */
export const decodedPixels = (f: VideoFacts) => f.width * f.height * Math.max(f.fps ?? 0, MIN_COUNTED_FPS) * f.seconds;

/** Why this video is refused, or undefined when it is within every limit. */
export function overBudget(f: VideoFacts): Refusal | undefined {
  // the half second: a 60-second recording's container often says 60.05
  if (f.seconds > MAX_VIDEO_SECONDS + 0.5) return 'too_long';
  if (Math.max(f.width, f.height) > MAX_FRAME.longEdge || Math.min(f.width, f.height) > MAX_FRAME.shortEdge) return 'too_high_res';
  // 0.5: a 59.94 or 60.02 fps average is a 60 fps camera
  if ((f.fps ?? 0) > MAX_FPS + 0.5) return 'too_fast';
  if (decodedPixels(f) > MAX_DECODED_PIXELS) return 'too_heavy';
  return undefined;
}
