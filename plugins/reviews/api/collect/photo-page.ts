// The photo reminder's page: the review it adds to and a file field, in the write page's style.
// Server-rendered, no script, fast on a phone; every value is escaped.
import { page } from './write-page';

const esc = (v: unknown) => String(v ?? '').replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export interface PhotoPageModel {
  shopName: string;
  productTitle: string | null;
  content: string;
  /** photos this review may still take (up to 5 in all) */
  remaining: number;
  error?: string;
}

export function photoPage(m: PhotoPageModel): string {
  const about = m.productTitle ? ` of ${esc(m.productTitle)}` : '';
  return page(
    'Add a photo to your review',
    `<form method="post" enctype="multipart/form-data" novalidate>
<h1>Add a photo to your review${about}</h1>
<blockquote style="margin:0;padding:12px;border-left:4px solid #c9cccf;background:#f7f7f7;white-space:pre-wrap">${esc(m.content)}</blockquote>
<label for="photos">Photos (up to ${m.remaining}, .gif, .jpg or .png, 5 MB each)</label><input type="file" id="photos" name="photos" accept="image/gif,image/jpeg,image/png" multiple aria-describedby="photos-error">${m.error ? `<div class="err" id="photos-error">${esc(m.error)}</div>` : ''}
<button type="submit">Add photos</button>
<p style="font-size:12px;color:#6d7175">Your photos are shown with your review on ${esc(m.shopName)}'s store.</p>
</form>`,
  );
}
