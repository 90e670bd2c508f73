// The video plugin's API side: the tus uploads (upload-routes.ts), the storefront form's tickets
// (ticket-route.ts), the transcoded files and the upload script (media-routes.ts), and the hourly
// sweep of uploads never sent with a review.
// Start-up says when ffmpeg is missing: uploads are then refused as unreadable, nothing is lost.
import Router from '@koa/router';
import { defineApiPlugin, ensureSchedule, type AppState } from '@plaudit/kernel';
import { ffmpegAvailable } from '../shared/probe';
import { mediaRoutes } from './media-routes';
import { ticketRoute } from './ticket-route';
import { uploadRoutes } from './upload-routes';
import { VideoUploadsCleanup } from '../shared/workflows';

export default defineApiPlugin({
  id: 'video-reviews',
  publicRoutes: (services) => {
    const router = new Router<AppState>();
    router.use(uploadRoutes(services).routes(), ticketRoute(services).routes(), mediaRoutes(services).routes());
    return router;
  },
  async onStart(services) {
    if (!(await ffmpegAvailable()))
      services.log.warn('ffmpeg or ffprobe is not installed: video reviews cannot be checked or transcoded (Debian: apt-get install ffmpeg)');
    await ensureSchedule(services, { scheduleId: 'video-uploads-cleanup', every: '1 hour', workflow: VideoUploadsCleanup });
  },
});
