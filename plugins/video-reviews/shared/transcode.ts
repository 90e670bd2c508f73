// The transcode: H.264 (yuv420p, the one every browser plays) and AAC in an MP4 whose index comes
// first (plays before it is all downloaded), at most OUTPUT.longEdge on its long edge and capped
// bitrates, upright (ffmpeg applies the rotation the phone recorded), with no metadata kept:
// -map_metadata -1 drops the container's tags (a phone's location, its model, the date) and the
// streams' own. The poster is a frame a second in (or mid-way through a shorter video), decoded
// and re-encoded by sharp like every photo (loaded then: libvips is about 25 MB resident).
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import { OUTPUT, MAX_VIDEO_SECONDS } from './limits';

/**
 * ffmpeg's share of the machine (issue 30.8): half its cores (one on a two-core worker) for decoding,
 * filtering and encoding each, at a lower priority than the API and the other activities.
 */
export const TRANSCODE_THREADS = Math.max(1, Math.floor(os.availableParallelism() / 2));
export const TRANSCODE_NICENESS = 10;
const threads = String(TRANSCODE_THREADS);

/** ffmpeg under `nice`, so a transcode yields the CPU to whatever else runs. */
const niceFfmpeg = (args: string[]) => ['-n', String(TRANSCODE_NICENESS), 'ffmpeg', ...args];

/** Runs a command; rejects with the end of its stderr. `tick` is called every few seconds while it runs. */
function runCommand(cmd: string, args: string[], tick?: () => void): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    const out: Buffer[] = [];
    let err = '';
    child.stdout.on('data', (c: Buffer) => out.push(c));
    child.stderr.on('data', (c: Buffer) => (err = (err + c.toString()).slice(-2000)));
    const timer = tick && setInterval(tick, 5_000);
    child.on('error', reject);
    child.on('close', (code) => {
      if (timer) clearInterval(timer);
      if (code === 0) resolve(Buffer.concat(out));
      else reject(new Error(`${cmd} exited with ${code}: ${err.trim()}`));
    });
  });
}

const EDGE = OUTPUT.longEdge;

export async function transcodeVideo(input: string, output: string, hasAudio: boolean, heartbeat?: () => void) {
  const tmp = `${output}.part`;
  const args = [
    '-y',
    '-hide_banner',
    '-v',
    'error',
    '-threads',
    threads,
    '-i',
    input,
    '-filter_threads',
    threads,
    '-threads',
    threads,
    '-t',
    String(MAX_VIDEO_SECONDS),
    '-map',
    '0:v:0',
    ...(hasAudio ? ['-map', '0:a:0'] : []),
    '-map_metadata',
    '-1',
    '-map_metadata:s:v',
    '-1',
    '-map_metadata:s:a',
    '-1',
    '-map_chapters',
    '-1',
    '-vf',
    `scale=w='min(${EDGE},iw)':h='min(${EDGE},ih)':force_original_aspect_ratio=decrease:force_divisible_by=2`,
    '-c:v',
    'libx264',
    '-preset',
    'veryfast',
    '-pix_fmt',
    'yuv420p',
    '-profile:v',
    'high',
    '-b:v',
    `${OUTPUT.videoKbps}k`,
    '-maxrate',
    `${OUTPUT.videoKbps}k`,
    '-bufsize',
    `${OUTPUT.videoKbps * 2}k`,
    ...(hasAudio ? ['-c:a', 'aac', '-b:a', `${OUTPUT.audioKbps}k`, '-ac', '2'] : []),
    '-movflags',
    '+faststart',
    '-f',
    'mp4',
    tmp,
  ];
  await runCommand('nice', niceFfmpeg(args), heartbeat);
  fs.renameSync(tmp, output);
}

/** The poster as JPEG bytes, at most 720 px on its long edge. */
export async function posterOf(video: string, seconds: number): Promise<{ bytes: Buffer; width: number; height: number }> {
  const at = Math.min(1, seconds / 2).toFixed(2);
  const { default: sharp } = await import('sharp');
  const png = await runCommand(
    'nice',
    niceFfmpeg(['-hide_banner', '-v', 'error', '-threads', threads, '-ss', at, '-i', video, '-frames:v', '1', '-f', 'image2pipe', '-c:v', 'png', '-']),
  );
  const out = await sharp(png, { failOn: 'error' })
    .resize(720, 720, { fit: 'inside', withoutEnlargement: true })
    .jpeg({ quality: 80, mozjpeg: true })
    .toBuffer({ resolveWithObject: true });
  return { bytes: out.data, width: out.info.width, height: out.info.height };
}

/** A caption as WebVTT: one cue over the whole video, its text escaped as the format asks. */
export function captionTrack(caption: string, seconds: number): string {
  const end = new Date(Math.round(seconds * 1000)).toISOString().slice(11, 23);
  const text = caption
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/\n{2,}/g, '\n');
  return `WEBVTT\n\n00:00:00.000 --> ${end}\n${text}\n`;
}
