// References to this plugin's workflows, for its own starts and schedules (sandbox-safe).
import { defineWorkflow } from '@plaudit/contracts/define';
import type { transcodeReviewVideo, videoUploadsCleanup } from '../workflows/transcode';

export const TranscodeReviewVideo = defineWorkflow<typeof transcodeReviewVideo>('transcodeReviewVideo');
export const VideoUploadsCleanup = defineWorkflow<typeof videoUploadsCleanup>('videoUploadsCleanup');
