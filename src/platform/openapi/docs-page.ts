import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

/** The Swagger UI files `/docs` needs, served from the installed `swagger-ui-dist` package (no CDN). */
export const DOCS_ASSETS: Record<string, string> = {
  'swagger-ui.css': 'text/css; charset=utf-8',
  'swagger-ui-bundle.js': 'text/javascript; charset=utf-8',
  'favicon-32x32.png': 'image/png',
};

const swaggerUiDir = dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'));

/** The bytes of one of {@link DOCS_ASSETS}, or undefined for any other name. */
export function docsAsset(name: string): Buffer | undefined {
  return Object.hasOwn(DOCS_ASSETS, name) ? readFileSync(join(swaggerUiDir, name)) : undefined;
}

/** Started from a file of its own rather than inline, so that a strict Content-Security-Policy can allow it. */
export const DOCS_INIT_SCRIPT = `window.addEventListener('load', function () {
  window.ui = SwaggerUIBundle({ url: 'openapi.json', dom_id: '#swagger-ui', deepLinking: true });
});
`;

export const DOCS_HTML = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <title>citation-stream API</title>
    <link rel="icon" type="image/png" href="docs/assets/favicon-32x32.png" />
    <link rel="stylesheet" href="docs/assets/swagger-ui.css" />
  </head>
  <body>
    <div id="swagger-ui"></div>
    <script src="docs/assets/swagger-ui-bundle.js"></script>
    <script src="docs/assets/init.js"></script>
  </body>
</html>
`;
