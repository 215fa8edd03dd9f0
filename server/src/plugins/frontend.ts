import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readdir, readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { applyRemoteOverrides, readRemoteOverrides } from './remote-overrides';

/**
 * Serves the built front end from the API's port (ARCHITECTURE.md "Module Federation").
 *
 * Where the builds are read from:
 * - default: the repository itself, `host/dist` and every `remote-<x>/dist`;
 * - `PARTA_WEB_DIR=/srv/parta-web`: a deploy folder laid out as
 *       /srv/parta-web/host/               the host build (index.html, main.<hash>.js, ...)
 *       /srv/parta-web/remote-people/      a remote build (mf-manifest.json, remoteEntry.js, ...)
 *       /srv/parta-web/remote-journal/     ... one folder per remote, any number of them
 *   Deploying a remote = replacing its folder; nothing restarts or rebuilds.
 *
 * URLs:
 * - `GET /remotes/registry.json` → `{ "<federation name>": "/remotes/<name>/<version>/mf-manifest.json" }`,
 *   built from the disk on every request, `no-cache`; PARTA_REMOTE_OVERRIDES can point a remote at
 *   another origin or leave it out (see remote-overrides.ts). The version is a hash of the remote's
 *   manifest and remoteEntry.js, so a new build gets new URLs.
 * - `GET /remotes/<name>/<version>/<file>` → the remote's files; only the current version exists.
 *   Immutable for a year, except the manifest (`no-cache`).
 * - Any other GET outside /api → a host file if it exists (content-hashed ones immutable), else
 *   index.html (`no-cache`) so the host's router handles the path.
 *
 * Compression: the builds carry `<file>.br` and `<file>.gz` beside every JS/CSS/JSON asset
 * (shared/build/create-webpack-config.js); the copy the browser accepts is sent as it is, with
 * `Vary: Accept-Encoding`. Nothing static is compressed per request.
 */

const REPO_ROOT = path.resolve(__dirname, '../../..');
const IMMUTABLE = 'public, max-age=31536000, immutable';
const NO_CACHE = 'no-cache';
/** webpack's `[name].[contenthash:10].ext` names from shared/build/create-webpack-config.js. */
const HASHED_FILE = /\.[0-9a-f]{10}\.(js|css)$|^assets\//;

interface Layout {
  hostDir: string;
  /** Folders that may hold one remote build each. */
  remoteDirs: () => Promise<string[]>;
}

function layoutFromEnv(webDir = process.env.PARTA_WEB_DIR): Layout {
  const root = webDir ? path.resolve(webDir) : REPO_ROOT;
  const inRemote = (folder: string) => (webDir ? path.join(root, folder) : path.join(root, folder, 'dist'));
  return {
    hostDir: webDir ? path.join(root, 'host') : path.join(root, 'host', 'dist'),
    remoteDirs: async () => {
      const entries = await readdir(root, { withFileTypes: true }).catch(() => []);
      return entries
        .filter((entry) => entry.isDirectory() && entry.name.startsWith('remote-'))
        .map((entry) => inRemote(entry.name));
    },
  };
}

interface RemoteBuild {
  name: string;
  version: string;
  dir: string;
}

/** Versions by folder, recomputed only when the manifest or the entry changes on disk. */
const versionCache = new Map<string, { stamp: string; build: RemoteBuild }>();

async function readRemote(dir: string): Promise<RemoteBuild | null> {
  const manifestPath = path.join(dir, 'mf-manifest.json');
  const entryPath = path.join(dir, 'remoteEntry.js');
  try {
    const [manifestStat, entryStat] = await Promise.all([stat(manifestPath), stat(entryPath)]);
    const stamp = `${manifestStat.mtimeMs}:${manifestStat.size}:${entryStat.mtimeMs}:${entryStat.size}`;
    const cached = versionCache.get(dir);
    if (cached?.stamp === stamp) return cached.build;
    const [manifest, entry] = await Promise.all([readFile(manifestPath), readFile(entryPath)]);
    const name = (JSON.parse(manifest.toString('utf8')) as { name?: unknown }).name;
    if (typeof name !== 'string' || !/^[a-z][a-z0-9_-]*$/i.test(name)) return null;
    const version = createHash('sha256').update(manifest).update(entry).digest('hex').slice(0, 16);
    const build = { name, version, dir };
    versionCache.set(dir, { stamp, build });
    return build;
  } catch {
    return null;
  }
}

async function currentRemotes(layout: Layout): Promise<Map<string, RemoteBuild>> {
  const builds = await Promise.all((await layout.remoteDirs()).map(readRemote));
  const byName = new Map<string, RemoteBuild>();
  for (const build of builds) if (build) byName.set(build.name, build);
  return byName;
}

function notFound(reply: FastifyReply) {
  return reply.code(404).header('Cache-Control', NO_CACHE).send({ message: 'Не найдено' });
}

/** `a/../b` and absolute paths never leave the build folder. */
function safeRelative(file: string): string | null {
  const normalized = path.posix.normalize(file).replace(/^\/+/, '');
  if (!normalized || normalized.startsWith('..') || normalized.includes('\0')) return null;
  return normalized;
}

async function isFile(filePath: string): Promise<boolean> {
  try {
    return (await stat(filePath)).isFile();
  } catch {
    return false;
  }
}

async function frontend(app: FastifyInstance, options: { webDir?: string }) {
  const layout = layoutFromEnv(options.webDir);
  // Only reply.sendFile: every route below is written out so caching and fallbacks are explicit.
  await app.register(fastifyStatic, { root: layout.hostDir, serve: false, preCompressed: true });
  const sendOptions = { cacheControl: false, dotfiles: 'deny' as const };

  app.get('/remotes/registry.json', async (request, reply) => {
    const registry: Record<string, string> = {};
    for (const build of (await currentRemotes(layout)).values()) {
      registry[build.name] = `/remotes/${build.name}/${build.version}/mf-manifest.json`;
    }
    const overrides = await readRemoteOverrides(undefined, (message) => request.log.warn(message));
    return reply.header('Cache-Control', NO_CACHE).send(applyRemoteOverrides(registry, overrides));
  });

  app.get<{ Params: { name: string; version: string; '*': string } }>(
    '/remotes/:name/:version/*',
    async (request, reply) => {
      const { name, version } = request.params;
      const file = safeRelative(request.params['*']);
      const build = (await currentRemotes(layout)).get(name);
      if (!build || build.version !== version || !file) return notFound(reply);
      if (!(await isFile(path.join(build.dir, file)))) return notFound(reply);
      reply.header('Cache-Control', file === 'mf-manifest.json' ? NO_CACHE : IMMUTABLE);
      return reply.sendFile(file, build.dir, sendOptions);
    },
  );

  const serveHost = async (request: FastifyRequest, reply: FastifyReply) => {
    let pathname: string;
    try {
      pathname = decodeURIComponent(request.url.split('?')[0] ?? '/');
    } catch {
      return notFound(reply);
    }
    if (pathname === '/api' || pathname.startsWith('/api/') || pathname.startsWith('/remotes/')) {
      return notFound(reply);
    }
    const file = safeRelative(pathname);
    if (file && file !== 'index.html' && (await isFile(path.join(layout.hostDir, file)))) {
      reply.header('Cache-Control', HASHED_FILE.test(file) ? IMMUTABLE : NO_CACHE);
      return reply.sendFile(file, layout.hostDir, sendOptions);
    }
    if (!existsSync(path.join(layout.hostDir, 'index.html'))) {
      return reply
        .code(503)
        .type('text/plain; charset=utf-8')
        .send(
          'Интерфейс ещё собирается (`pnpm start`) или не собран (`pnpm build`): обновите страницу через минуту.',
        );
    }
    // Every other path is a route of the host's router (SPEC §2, including its 404 page).
    reply.header('Cache-Control', NO_CACHE);
    return reply.sendFile('index.html', layout.hostDir, sendOptions);
  };

  app.get('/', serveHost);
  app.get('/*', serveHost);
}

/** Registered by app.ts when `serveFrontend` is on; `webDir` overrides PARTA_WEB_DIR (tests). */
export const frontendPlugin = fp(frontend, { name: 'parta-frontend' });
