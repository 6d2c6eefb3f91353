import { createReadStream, existsSync, statSync } from 'node:fs';
import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The built stock AIDeepIn web app (unmodified): `STOCK_WEB_DIST`, or the team's copy beside the repository. A
 * clone without it skips the suites that drive the stock app.
 */
export const STOCK_WEB_DIST = resolve(
  process.env.STOCK_WEB_DIST ?? fileURLToPath(new URL('../../../shared/stock-web/dist', import.meta.url)),
);
export const hasStockWeb = existsSync(join(STOCK_WEB_DIST, 'index.html'));

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
};

/**
 * Serves the stock app and forwards `/api/*` to the service with `/api` stripped, streaming, as the app's own
 * dev proxy and the stock nginx do. Resolves with the app's base URL.
 */
export async function serveStockWeb(serviceUrl: string): Promise<{ url: string; close(): Promise<void> }> {
  const backend = new URL(serviceUrl);
  const server: Server = createServer((req, res) => {
    const url = req.url ?? '/';
    if (url === '/api' || url.startsWith('/api/')) {
      const upstream = request(
        {
          hostname: backend.hostname,
          port: backend.port,
          method: req.method,
          path: url.slice('/api'.length) || '/',
          headers: { ...req.headers, host: backend.host },
        },
        (reply) => {
          res.writeHead(reply.statusCode ?? 502, reply.headers);
          reply.pipe(res);
        },
      );
      upstream.on('error', () => res.destroy());
      res.on('close', () => upstream.destroy());
      req.pipe(upstream);
      return;
    }
    let file = join(STOCK_WEB_DIST, decodeURIComponent(new URL(url, 'http://x').pathname));
    if (!file.startsWith(STOCK_WEB_DIST) || !existsSync(file) || !statSync(file).isFile()) {
      file = join(STOCK_WEB_DIST, 'index.html');
    }
    res.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream' });
    createReadStream(file).pipe(res);
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () =>
      new Promise((done) => {
        server.closeAllConnections();
        server.close(() => done());
      }),
  };
}
