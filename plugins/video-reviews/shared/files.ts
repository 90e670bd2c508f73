// Where a video lives on disk. Uploads in progress: DATA_DIR/video-uploads/<tus id> (the tus file
// store, with its .json metadata beside it). Transcoded: DATA_DIR/media/video/<id>.mp4, its poster
// <id>.jpg and, with a caption, <id>.vtt, served at /media/video/<file>. The API and the worker
// share DATA_DIR on one machine (several machines need a shared volume there, as for photos).
import path from 'node:path';

export const UPLOAD_ID = /^[0-9a-f]{32}$/;
export const MEDIA_FILE = /^([0-9a-f]{32})\.(mp4|jpg|vtt)$/;
export const MEDIA_TYPES: Record<string, string> = { mp4: 'video/mp4', jpg: 'image/jpeg', vtt: 'text/vtt; charset=utf-8' };

export const uploadsDir = (dataDir: string) => path.join(dataDir, 'video-uploads');
export const uploadFile = (dataDir: string, id: string) => path.join(uploadsDir(dataDir), id);
export const videoDir = (dataDir: string) => path.join(dataDir, 'media', 'video');
export const videoFile = (dataDir: string, name: string) => path.join(videoDir(dataDir), name);
export const videoUrl = (name: string) => `/media/video/${name}`;
