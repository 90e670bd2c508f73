// A video is what its bytes say: MP4 and MOV start with an ISO base media `ftyp` box, WebM with an
// EBML header whose doctype is webm. Then ffprobe reads its streams and length: a file that is not
// a video to ffprobe (an image in an MP4 box, a text file) is refused too.
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import { promisify } from 'node:util';

const run = promisify(execFile);

export type VideoContainer = 'mp4' | 'mov' | 'webm';

/** The container from the first bytes; undefined for anything else. */
export function sniffVideo(head: Buffer): VideoContainer | undefined {
  if (head.length >= 12 && head.subarray(4, 8).toString('latin1') === 'ftyp') {
    return head.subarray(8, 10).toString('latin1') === 'qt' ? 'mov' : 'mp4';
  }
  // EBML magic, then the DocType element somewhere in the header
  if (head.length >= 4 && head.readUInt32BE(0) === 0x1a45dfa3 && head.subarray(0, 64).includes('webm')) return 'webm';
  return undefined;
}

export function readHead(file: string, bytes = 64): Buffer {
  const fd = fs.openSync(file, 'r');
  try {
    const head = Buffer.alloc(bytes);
    const n = fs.readSync(fd, head, 0, bytes, 0);
    return head.subarray(0, n);
  } finally {
    fs.closeSync(fd);
  }
}

export interface VideoFacts {
  seconds: number;
  width: number;
  height: number;
  /** frames a second, when the file says (shared/budget.ts counts an unknown rate as its floor) */
  fps?: number;
  hasAudio: boolean;
}

interface ProbedStream {
  codec_type?: string;
  width?: number;
  height?: number;
  duration?: string;
  avg_frame_rate?: string;
  r_frame_rate?: string;
  nb_frames?: string;
}

/** ffprobe's "30000/1001"; undefined for "0/0" and anything else not a positive rate. */
function ratio(text: string | undefined): number | undefined {
  const [num, den = '1'] = (text ?? '').split('/');
  const rate = Number(num) / Number(den);
  return Number.isFinite(rate) && rate > 0 ? rate : undefined;
}

/**
 * The rate a decoder meets: the larger of the average and the frames counted over the length (a
 * variable-rate file whose average is low still has all its frames decoded); the nominal rate
 * (often the time base for variable-rate files) only when neither is known.
 */
function framesPerSecond(video: ProbedStream, seconds: number): number | undefined {
  const counted = ratio(`${video.nb_frames}/${seconds}`);
  const known = [ratio(video.avg_frame_rate), counted].filter((r): r is number => r !== undefined);
  return known.length ? Math.max(...known) : ratio(video.r_frame_rate);
}

/** The streams' facts from ffprobe; undefined when it finds no video stream or cannot read the file. */
export async function probeVideo(file: string): Promise<VideoFacts | undefined> {
  const args = ['-v', 'error', '-print_format', 'json', '-show_format', '-show_streams', file];
  const out = await run('ffprobe', args, { timeout: 30_000, maxBuffer: 4 * 1024 * 1024 }).catch(() => undefined);
  if (!out) return undefined;
  const info = JSON.parse(out.stdout) as { format?: { duration?: string }; streams?: ProbedStream[] };
  const video = info.streams?.find((s) => s.codec_type === 'video' && s.width && s.height);
  const seconds = Number(info.format?.duration ?? video?.duration);
  if (!video || !Number.isFinite(seconds) || seconds <= 0) return undefined;
  const hasAudio = !!info.streams?.some((s) => s.codec_type === 'audio');
  return { seconds, width: video.width!, height: video.height!, fps: framesPerSecond(video, seconds), hasAudio };
}

/** Whether ffmpeg and ffprobe are on the PATH (npm start says so when they are not). */
export async function ffmpegAvailable(): Promise<boolean> {
  const ok = (cmd: string) =>
    run(cmd, ['-hide_banner', '-version'], { timeout: 10_000 }).then(
      () => true,
      () => false,
    );
  return (await ok('ffmpeg')) && (await ok('ffprobe'));
}
