// The line the review emails and the review page end with: the reviewer's way to "your reviews"
// (issue 33), in their language.
import { esc, type Translate } from '@plaudit/kernel';

export function mineLinkHtml(t: Translate, url: string): string {
  return `<p style="font-size:13px;margin:16px 0 0"><a href="${esc(url)}">${esc(t('reviews:public.mine.link'))}</a></p>`;
}
