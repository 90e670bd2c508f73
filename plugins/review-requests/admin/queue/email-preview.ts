// The merchant's look at a sent email must never count as the customer's open (issue 22): the
// preview drops the open-tracking pixel (`<appUrl>/r/open/<token>.gif`, shared/request-links.ts).
const OPEN_PIXEL = /\/r\/open\//;

export function withoutOpenPixel(html: string): string {
  const doc = new DOMParser().parseFromString(html, 'text/html');
  doc.querySelectorAll('img').forEach((img) => {
    if (OPEN_PIXEL.test(img.getAttribute('src') ?? '')) img.remove();
  });
  return `<!doctype html>${doc.documentElement.outerHTML}`;
}
