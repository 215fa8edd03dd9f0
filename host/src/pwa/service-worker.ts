/// <reference lib="webworker" />

import { API_CACHE, OFFLINE_SINCE_HEADER } from '@parta/shared/offline-cache';
import { clientsClaim } from 'workbox-core';
import type { WorkboxPlugin } from 'workbox-core/types';
import { ExpirationPlugin } from 'workbox-expiration';
import { precacheAndRoute } from 'workbox-precaching';
import { registerRoute } from 'workbox-routing';
import { CacheFirst, NetworkFirst } from 'workbox-strategies';

/**
 * The service worker of the host (built by workbox-webpack-plugin's InjectManifest). It keeps the
 * micro-frontend promise: what names its own version (index.html, the remote registry, each
 * mf-manifest.json) goes to the network first and falls back to the last good copy offline, so a
 * new build of one remote still reaches users on the next online load; content-hashed files (the
 * host's, and each remote's under its versioned folder) never change and are served from the cache.
 * API reads are network-first too: offline, the last answer is served with a header that says
 * when it was fetched, and the page shows «нет связи, данные на …».
 */
declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: { url: string; revision: string | null }[] };

self.skipWaiting();
clientsClaim();

// The host's own content-hashed JS and CSS (the list is written in at build time).
precacheAndRoute(self.__WB_MANIFEST);

/** Any page of the app is index.html: the router draws the path. */
const onePage: WorkboxPlugin = {
  cacheKeyWillBeUsed: async () => new URL('/index.html', self.location.origin).href,
};

/** Only complete answers are kept: an error page never replaces the last good copy. */
const onlyOk: WorkboxPlugin = {
  cacheWillUpdate: async ({ response }) => (response.status === 200 ? response : null),
};

/** A copy taken from the cache tells the page when it was fetched (the answer's Date header). */
const markOffline: WorkboxPlugin = {
  cachedResponseWillBeUsed: async ({ cachedResponse }) => {
    if (!cachedResponse) return null;
    const headers = new Headers(cachedResponse.headers);
    headers.set(OFFLINE_SINCE_HEADER, cachedResponse.headers.get('Date') ?? new Date().toUTCString());
    return new Response(await cachedResponse.blob(), {
      status: cachedResponse.status,
      statusText: cachedResponse.statusText,
      headers,
    });
  },
};

/** POST /api/auth/me (the current user, SPEC §7) is a read: kept under a GET key, as the Cache API stores only GETs. */
const postAsGet: WorkboxPlugin = {
  cacheKeyWillBeUsed: async ({ request }) => new Request(request.url, { method: 'GET' }),
};

registerRoute(
  ({ request }) => request.mode === 'navigate',
  new NetworkFirst({ cacheName: 'parta-pages', plugins: [onePage, onlyOk] }),
);

registerRoute(
  ({ url }) =>
    url.origin === self.location.origin &&
    (url.pathname === '/remotes/registry.json' || url.pathname.endsWith('/mf-manifest.json')),
  new NetworkFirst({ cacheName: 'parta-manifests', plugins: [onlyOk] }),
);

// A remote's files live under /remotes/<name>/<version>/: a new build is a new folder, so a file never changes.
registerRoute(
  ({ url }) => url.origin === self.location.origin && url.pathname.startsWith('/remotes/'),
  new CacheFirst({
    cacheName: 'parta-remotes',
    plugins: [onlyOk, new ExpirationPlugin({ maxEntries: 400, maxAgeSeconds: 60 * 60 * 24 * 60 })],
  }),
);

registerRoute(
  ({ url }) =>
    url.origin === self.location.origin && url.pathname.startsWith('/api/') && url.pathname !== '/api/health',
  new NetworkFirst({ cacheName: API_CACHE, plugins: [onlyOk, markOffline] }),
  'GET',
);

registerRoute(
  ({ url }) => url.origin === self.location.origin && url.pathname === '/api/auth/me',
  new NetworkFirst({ cacheName: API_CACHE, plugins: [postAsGet, onlyOk, markOffline] }),
  'POST',
);
