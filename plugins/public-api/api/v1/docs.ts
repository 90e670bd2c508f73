// GET /api/public/v1/openapi.json (the document, no key) and GET /api/public/v1/docs: the document
// rendered by Swagger UI, served from our own node_modules (swagger-ui-dist), no CDN. The page has
// its own Content-Security-Policy, tighter than the app's: scripts and styles only from here (the
// bootstrap is a file, not an inline script), images from here and data: (Swagger UI's icons),
// calls ("Try it out") only to this server, no framing, no forms, no plugins.
import fs from 'node:fs';
import path from 'node:path';
import type Router from '@koa/router';
import type { AppContext, AppState } from '@plaudit/kernel';
import { notModified, weakEtag } from './etag';

const ASSETS: Record<string, string> = {
  'swagger-ui.css': 'text/css; charset=utf-8',
  'swagger-ui-bundle.js': 'text/javascript; charset=utf-8',
  'favicon-32x32.png': 'image/png',
};

export const DOCS_CSP = [
  "default-src 'none'",
  "script-src 'self'",
  // Swagger UI sets style attributes from its scripts
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ');

const page = (prefix: string) => `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Plaudit public API</title>
<link rel="icon" type="image/png" href="${prefix}/docs/assets/favicon-32x32.png">
<link rel="stylesheet" href="${prefix}/docs/assets/swagger-ui.css">
</head>
<body>
<div id="docs"></div>
<script src="${prefix}/docs/assets/swagger-ui-bundle.js"></script>
<script src="${prefix}/docs/assets/init.js"></script>
</body>
</html>
`;

// no validator badge: it would send the document to validator.swagger.io
const init = (prefix: string) => `window.ui = SwaggerUIBundle({
  url: '${prefix}/openapi.json',
  dom_id: '#docs',
  deepLinking: true,
  validatorUrl: null,
  defaultModelsExpandDepth: 0,
  displayOperationId: true,
  persistAuthorization: false,
});
`;

const swaggerDir = () => path.dirname(require.resolve('swagger-ui-dist/package.json'));
const SWAGGER_UI_VERSION: string = require('swagger-ui-dist/package.json').version;

function asset(ctx: AppContext, body: string | Buffer, type: string, etag: string) {
  ctx.set('ETag', etag);
  ctx.set('Cache-Control', 'public, max-age=3600');
  ctx.type = type;
  if (notModified(ctx.get('if-none-match'), etag)) {
    ctx.status = 304;
    return;
  }
  ctx.body = body;
}

export function docsRoutes(router: Router<AppState>, prefix: string, document: () => object) {
  let json: { body: string; etag: string } | undefined;
  const html = page(prefix);
  const script = init(prefix);
  const files = new Map<string, { body: Buffer; etag: string }>();
  router.get('/openapi.json', (ctx) => {
    if (!json) {
      const body = JSON.stringify(document());
      json = { body, etag: weakEtag(body) };
    }
    ctx.set('Access-Control-Allow-Origin', '*'); // any tool may read the description
    asset(ctx, json.body, 'application/json; charset=utf-8', json.etag);
    ctx.set('Cache-Control', 'no-cache');
  });
  router.get('/docs', (ctx) => {
    ctx.set('Content-Security-Policy', DOCS_CSP);
    ctx.type = 'text/html; charset=utf-8';
    ctx.body = html;
  });
  router.get('/docs/assets/:file', (ctx) => {
    const file = ctx.params.file;
    if (file === 'init.js') return asset(ctx, script, 'text/javascript; charset=utf-8', weakEtag(script));
    if (!Object.hasOwn(ASSETS, file)) ctx.throw(404, 'No such asset', { code: 'NOT_FOUND' });
    const type = ASSETS[file];
    let cached = files.get(file);
    if (!cached) {
      const body = fs.readFileSync(path.join(swaggerDir(), file));
      cached = { body, etag: `W/"swagger-ui-${SWAGGER_UI_VERSION}-${body.length}"` };
      files.set(file, cached);
    }
    asset(ctx, cached.body, type, cached.etag);
  });
}
