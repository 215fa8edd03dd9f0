// @ts-check
/**
 * Serves one remote's build (`dist`) from its own origin, for a vendor who deploys a remote apart
 * from the host (README «Модуль администратора у поставщика»):
 *
 *     PARTA_HOST_ORIGINS=https://school.example PORT=3004 pnpm --filter remote-admin serve
 *
 * CORS is granted only to the host origins listed in PARTA_HOST_ORIGINS (comma-separated): their
 * pages may fetch the manifest and load the chunks, any other origin gets no CORS headers.
 * The manifest and remoteEntry.js are `no-cache` (a redeploy shows on the next reload), the
 * content-hashed files are immutable.
 */
const http = require('node:http');
const fs = require('node:fs');
const path = require('node:path');

const TYPES = {
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.woff2': 'font/woff2',
};
const HASHED_FILE = /\.[0-9a-f]{10}\.(js|css)$|^assets\//;

/** The allowed origins, normalised (no trailing slash). */
function parseOrigins(value) {
  return new Set(
    (value ?? '')
      .split(',')
      .map((origin) => origin.trim().replace(/\/+$/, ''))
      .filter(Boolean),
  );
}

/**
 * @param {{ dir: string, origins: Set<string> }} options
 * @returns {http.Server}
 */
function createRemoteServer({ dir, origins }) {
  const root = path.resolve(dir);
  return http.createServer((request, response) => {
    const origin = request.headers.origin;
    if (origin && origins.has(origin)) {
      response.setHeader('Access-Control-Allow-Origin', origin);
      response.setHeader('Access-Control-Allow-Methods', 'GET, HEAD, OPTIONS');
    }
    response.setHeader('Vary', 'Origin');
    if (request.method === 'OPTIONS') {
      response.writeHead(204).end();
      return;
    }
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      response.writeHead(405).end();
      return;
    }
    let relative;
    try {
      relative = path.posix
        .normalize(decodeURIComponent((request.url ?? '/').split('?')[0]))
        .replace(/^\/+/, '');
    } catch {
      response.writeHead(400).end();
      return;
    }
    const file = path.join(root, relative);
    if (!relative || relative.startsWith('..') || !file.startsWith(root + path.sep)) {
      response.writeHead(404).end();
      return;
    }
    fs.stat(file, (error, stats) => {
      if (error || !stats.isFile()) {
        response.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8' }).end('Не найдено');
        return;
      }
      response.writeHead(200, {
        'Content-Type':
          TYPES[/** @type {keyof typeof TYPES} */ (path.extname(file))] ?? 'application/octet-stream',
        'Content-Length': stats.size,
        'Cache-Control': HASHED_FILE.test(relative) ? 'public, max-age=31536000, immutable' : 'no-cache',
      });
      if (request.method === 'HEAD') response.end();
      else fs.createReadStream(file).pipe(response);
    });
  });
}

if (require.main === module) {
  const dir = path.resolve(process.cwd(), process.env.PARTA_REMOTE_DIR ?? 'dist');
  if (!fs.existsSync(path.join(dir, 'mf-manifest.json'))) {
    console.error(`Нет сборки в ${dir}: сначала выполните build этого модуля.`);
    process.exit(1);
  }
  const origins = parseOrigins(
    process.env.PARTA_HOST_ORIGINS ?? 'http://127.0.0.1:3000,http://localhost:3000',
  );
  const port = Number(process.env.PORT ?? 3004);
  const host = process.env.HOST ?? '127.0.0.1';
  createRemoteServer({ dir, origins }).listen(port, host, () => {
    console.log(`Модуль из ${dir}: http://${host}:${port}/mf-manifest.json`);
    console.log(`CORS разрешён для: ${[...origins].join(', ') || '(никого)'}`);
  });
}

module.exports = { createRemoteServer, parseOrigins };
