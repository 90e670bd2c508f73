// The review page's video field. Hidden until its script runs: without script there is no upload,
// so a page without it shows no field it cannot use. The script (storefront/upload.ts) uploads the
// chosen file in resumable chunks and puts the upload's id in the hidden `video` input. The
// storefront form (widgets) renders its own field with the same data attributes, and a ticket URL
// instead of a ticket (its HTML is cached for every shopper).
import { esc, type Translate } from '@plaudit/kernel';
import type { KeptVideo, StorefrontVideo } from '@plaudit/contracts/video-reviews';
import { MAX_CAPTION } from './limits';

export const SCRIPT_PATH = '/r/video/upload.js';
export const UPLOADS_PATH = '/r/video/uploads';
export const TICKET_PATH = '/r/video/ticket';

export const storefrontVideo = (appUrl: string): StorefrontVideo => ({
  endpoint: appUrl + UPLOADS_PATH,
  ticketUrl: appUrl + TICKET_PATH,
  script: appUrl + SCRIPT_PATH,
});

/** The words the script shows, in the page's language. */
export function scriptTexts(t: Translate) {
  const k = (key: string) => t(`video-reviews:public.upload.${key}`);
  return { uploading: k('uploading'), uploaded: k('uploaded'), retrying: k('retrying'), failed: k('failed') };
}

export function videoField(appUrl: string, ticket: string, t: Translate, kept?: KeptVideo): string {
  const texts = esc(JSON.stringify(scriptTexts(t)));
  return `<div class="video" data-pl-video data-endpoint="${esc(appUrl)}/r/video/uploads" data-ticket="${esc(ticket)}" data-texts="${texts}" hidden>
<label for="videoFile">${esc(t('video-reviews:public.field.label'))}</label>
<p class="hint" id="videoFile-hint">${esc(t('video-reviews:public.field.limits'))}</p>
<input type="file" id="videoFile" accept="video/mp4,video/quicktime,video/webm" aria-describedby="videoFile-hint video-status">
<progress data-pl-video-progress max="100" value="0" hidden></progress>
<p id="video-status" class="hint" role="status" aria-live="polite" data-pl-video-status>${kept ? esc(scriptTexts(t).uploaded) : ''}</p>
<input type="hidden" name="video" value="${esc(kept?.video ?? '')}">
<label for="videoCaption">${esc(t('video-reviews:public.field.caption'))}</label>
<input type="text" id="videoCaption" name="videoCaption" maxlength="${MAX_CAPTION}" value="${esc(kept?.caption ?? '')}">
</div>
<script src="${esc(appUrl)}${SCRIPT_PATH}" defer></script>`;
}
