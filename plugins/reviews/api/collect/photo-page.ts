// The photo reminder's page: the review it adds to and a file field, in the write page's style and
// the customer's language. Server-rendered, no script, fast on a phone; every value is escaped.
import { esc } from '@plaudit/kernel';
import { page, type PageLanguage } from './write-page';

export interface PhotoPageModel {
  shopName: string;
  productTitle: string | null;
  content: string;
  /** photos this review may still take (up to 5 in all) */
  remaining: number;
  error?: string;
}

export function photoPage(l: PageLanguage, m: PhotoPageModel): string {
  const { t } = l;
  const heading = m.productTitle ? t('reviews:public.photo.heading_product', { product: m.productTitle }) : t('reviews:public.photo.title');
  return page(
    l,
    t('reviews:public.photo.title'),
    `<form method="post" enctype="multipart/form-data" novalidate>
<h1>${esc(heading)}</h1>
<blockquote style="margin:0;padding:12px;border-left:4px solid #c9cccf;background:#f7f7f7;white-space:pre-wrap">${esc(m.content)}</blockquote>
<label for="photos">${esc(t('reviews:public.photos_label', { count: m.remaining }))}</label><input type="file" id="photos" name="photos" accept="image/gif,image/jpeg,image/png" multiple aria-describedby="photos-error">${m.error ? `<div class="err" id="photos-error">${esc(m.error)}</div>` : ''}
<button type="submit">${esc(t('reviews:public.photo.submit'))}</button>
<p style="font-size:12px;color:#6d7175">${esc(t('reviews:public.photo.note', { shop: m.shopName }))}</p>
</form>`,
  );
}
