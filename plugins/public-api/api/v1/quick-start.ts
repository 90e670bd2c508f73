// The quick start at the top of the documentation page (the OpenAPI document's info.description,
// Markdown): a key, the first calls with curl, the rules every call follows, and a headless
// storefront's React component. Examples use this server's URL.
import { IDEMPOTENCY_TTL_HOURS } from '../../db/idempotency';
import { RATE_WINDOW_SECONDS } from '../key-auth';

export function quickStart(appUrl: string): string {
  const base = `${appUrl}/api/public/v1`;
  return `Read and manage a shop's reviews and review requests from your own code: integrations, data
pipelines, headless storefronts. The machine-readable description of every operation is
[openapi.json](${base}/openapi.json) (OpenAPI 3.1).

## Quick start

1. **Create a key.** In the app, open **Settings → API keys** (\`/settings/managingKey\`), name the key, pick its
   scopes (\`reviews:read\`, \`reviews:write\`, \`requests:read\`, \`requests:write\`, \`webhooks\`) and copy it:
   it is shown once. A key reads and writes only its own shop. Rotate or revoke it on the same screen.
2. **Read reviews.**

   \`\`\`sh
   export PLAUDIT_KEY=pk_live_...
   curl -H "Authorization: Bearer $PLAUDIT_KEY" "${base}/reviews?limit=20"
   \`\`\`

   Lists are paged by cursor: pass the answer's \`pageInfo.nextCursor\` as \`cursor\` until \`hasNextPage\` is false.

   \`\`\`sh
   curl -H "Authorization: Bearer $PLAUDIT_KEY" "${base}/reviews?limit=20&cursor=WyIyMDI2LTExLTI3VDA3OjMwOjA2LjAwMFoiLDEwNDJd"
   \`\`\`
3. **Create a review, safely retried.** Send a new \`Idempotency-Key\` with each creation and the same one when
   you retry it: you get one review, whatever the network did.

   \`\`\`sh
   curl -X POST "${base}/reviews" \\
     -H "Authorization: Bearer $PLAUDIT_KEY" -H "Content-Type: application/json" \\
     -H "Idempotency-Key: 8e03978e-40d5-43e8-bc93-6894a57f9324" \\
     -d '{"productId":"7982301","rating":5,"content":"Lovely fabric.","firstName":"Ada"}'
   \`\`\`

## Rules every call follows

- **Errors** have one body: \`{ "error": { "code": "VALIDATION_FAILED", "message": "…", "details": { "rating": "…" } } }\`.
  Branch on \`code\`; \`details\` names each failing field. Unknown paths answer 404 in the same shape.
- **Rate limits** are per key: 120 requests per ${RATE_WINDOW_SECONDS} seconds unless the operator gave your key more.
  Every keyed answer carries \`RateLimit-Limit\`, \`RateLimit-Remaining\`, \`RateLimit-Reset\` (seconds) and
  \`RateLimit-Policy\`; over the limit the answer is 429 with \`Retry-After\` (seconds). Pace yourself on
  \`RateLimit-Remaining\` rather than retrying on 429.
- **Idempotency.** Creating operations take \`Idempotency-Key\` (1 to 255 visible ASCII characters; a UUID). The
  first request with a key runs; a repeat with the same key and the same request within ${IDEMPOTENCY_TTL_HOURS} hours gets the
  first answer again with \`Idempotent-Replayed: true\` and changes nothing. The same key with a different
  request is refused (422 \`IDEMPOTENCY_KEY_REUSED\`); a repeat while the first is still running gets 409
  \`IDEMPOTENCY_KEY_IN_USE\` (retry it a moment later). A request that failed with an error frees its key.
  After ${IDEMPOTENCY_TTL_HOURS} hours the key is forgotten. Keys are per shop.
- **Caching.** Every read answers an \`ETag\`; send it back as \`If-None-Match\` and an unchanged answer is
  \`304 Not Modified\` without a body.
- **Formats.** JSON in and out, camelCase fields, times in ISO 8601 UTC, our ids as integers, Shopify product ids
  as gids (\`gid://shopify/Product/7982301\`; digits are accepted on input).

## Headless storefronts (Hydrogen)

The **Storefront** operations need no key: shoppers' browsers call them, naming the shop with \`shop\`. They
answer the same published reviews the shop's widgets show, never emails. To call them from a browser on
your storefront's own domain, add that origin (e.g. \`https://shop.example.com\`) to the shop's headless
origins (\`PUT /api/public-api/settings\` \`{ "headlessOrigins": ["https://shop.example.com"] }\` from the app);
other origins get no CORS headers. Server-side calls (a Hydrogen loader) need no origin at all.

A product's rating and first page of reviews in a React (Hydrogen) component:

\`\`\`tsx
import { useEffect, useState } from 'react';

const PLAUDIT = '${base}';
const SHOP = 'your-shop.myshopify.com';

interface Summary { productId: string; count: number; average: number; stars: Record<1 | 2 | 3 | 4 | 5, number> }
interface Review { id: number; rating: number; title: string | null; content: string; author: string; createdAt: string }

/** productId: the Storefront API's product.id (gid://shopify/Product/123) */
export function ProductReviews({ productId }: { productId: string }) {
  const [summary, setSummary] = useState<Summary | null>(null);
  const [reviews, setReviews] = useState<Review[]>([]);
  useEffect(() => {
    const id = productId.split('/').pop()!;
    const shop = encodeURIComponent(SHOP);
    const get = (path: string) => fetch(PLAUDIT + path).then((res) => (res.ok ? res.json() : Promise.reject(res)));
    Promise.all([
      get(\`/storefront/summaries?shop=\${shop}&productIds=\${id}\`),
      get(\`/storefront/products/\${id}/reviews?shop=\${shop}&limit=10&sort=featured\`),
    ]).then(([summaries, page]) => {
      setSummary(summaries.items[0]);
      setReviews(page.items);
    });
  }, [productId]);
  if (!summary) return null;
  return (
    <section aria-label="Reviews">
      <p>{summary.average.toFixed(1)} out of 5 ({summary.count} reviews)</p>
      {reviews.map((r) => (
        <article key={r.id}>
          <strong>{'★'.repeat(r.rating)}{'☆'.repeat(5 - r.rating)}</strong> {r.title}
          <p>{r.content}</p>
          <small>{r.author}, {new Date(r.createdAt).toLocaleDateString()}</small>
        </article>
      ))}
    </section>
  );
}
\`\`\`

In a Hydrogen loader, fetch the same two URLs on the server and pass the JSON to the component instead.
`;
}
