/// <reference lib="webworker" />

import { API_CACHE, KEEP_REQUESTS_MESSAGE, OFFLINE_SINCE_HEADER } from '@parta/shared/offline-cache';
import { clientsClaim } from 'workbox-core';
import type { WorkboxPlugin } from 'workbox-core/types';
import { ExpirationPlugin } from 'workbox-expiration';
import { getCacheKeyForURL, matchPrecache, precache } from 'workbox-precaching';
import { Route, registerRoute } from 'workbox-routing';
import { CacheFirst, NetworkFirst, NetworkOnly } from 'workbox-strategies';

/**
 * The service worker of the host (built by workbox-webpack-plugin's InjectManifest). It keeps the
 * micro-frontend promise: what names its own version (index.html, the remote registry, each
 * mf-manifest.json) goes to the network first and falls back to the last good copy offline, so a
 * new build of one remote still reaches users on the next online load; content-hashed files never
 * change: each remote's (under its versioned folder) are served from the cache, the host's are fetched
 * and the precache answers for them offline (see below).
 * API reads are network-first too: offline, the last answer is served with a header that says
 * when it was fetched, and the page shows «нет связи, данные на …».
 *
 * A first visit runs before this worker controls the page: the shell (index.html and the host's
 * files) is precached at install, and what the page fetched before the worker took over (the
 * remotes' files, the journal grid) is replayed through the same routes when the page asks
 * (KEEP_REQUESTS_MESSAGE, pwa/keep-first-visit.ts), so one visit is enough to open it offline.
 */
declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: { url: string; revision: string | null }[] };

self.skipWaiting();
clientsClaim();

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

/**
 * With no network, the copy kept at install: `url`'s (a page with none kept yet, because the first
 * visit came before this worker, gets the shell's index.html), else the request's own.
 */
const precachedOnError = (url?: string): WorkboxPlugin => ({
  handlerDidError: async ({ request }) => (await matchPrecache(url ?? request.url)) ?? undefined,
});

/**
 * The routes in the order they are tried; kept in a list so requests replayed for the page
 * (KEEP_REQUESTS_MESSAGE) take the same route, and land in the same cache, as a fetch would.
 */
const routes: Route[] = [
  new Route(
    ({ request }) => request.mode === 'navigate',
    new NetworkFirst({
      cacheName: 'parta-pages',
      plugins: [onePage, onlyOk, precachedOnError('/index.html')],
    }),
  ),
  new Route(
    ({ url }) =>
      url.origin === self.location.origin &&
      (url.pathname === '/remotes/registry.json' || url.pathname.endsWith('/mf-manifest.json')),
    new NetworkFirst({ cacheName: 'parta-manifests', plugins: [onlyOk] }),
  ),
  // A remote's files live under /remotes/<name>/<version>/: a new build is a new folder, so a file never changes.
  new Route(
    ({ url }) => url.origin === self.location.origin && url.pathname.startsWith('/remotes/'),
    new CacheFirst({
      cacheName: 'parta-remotes',
      plugins: [onlyOk, new ExpirationPlugin({ maxEntries: 400, maxAgeSeconds: 60 * 60 * 24 * 60 })],
    }),
  ),
  new Route(
    ({ url }) =>
      url.origin === self.location.origin &&
      url.pathname.startsWith('/api/') &&
      url.pathname !== '/api/health',
    new NetworkFirst({ cacheName: API_CACHE, plugins: [onlyOk, markOffline] }),
    'GET',
  ),
  new Route(
    ({ url }) => url.origin === self.location.origin && url.pathname === '/api/auth/me',
    new NetworkFirst({ cacheName: API_CACHE, plugins: [postAsGet, onlyOk, markOffline] }),
    'POST',
  ),
];
// Navigations first: the precache below would otherwise answer «/» from the install's index.html,
// and index.html names the version of the app, so it goes to the network first.
registerRoute(routes[0]);

// The shell: the host's content-hashed JS and CSS and index.html (the list is written in at build time),
// kept at install for a start with no network. Online, its files are fetched (the browser's HTTP cache
// holds them for good, so that costs no network) and the precache answers only when the fetch fails.
// A script answered from the install's cache comes with a "full" code cache (V8 compiled every function
// of it at install), which a phone reads on the main thread before the script runs: in Lighthouse's
// trace of a warm dashboard 160 ms for Mantine's chunk, 83 ms for main.js, against 25 and 5 ms compiled
// as fetched (streamed, off the main thread, each function when first called).
precache(self.__WB_MANIFEST);
registerRoute(
  new Route(
    ({ url }) => getCacheKeyForURL(url.href) !== undefined,
    new NetworkOnly({ plugins: [precachedOnError()] }),
  ),
);

for (const route of routes.slice(1)) registerRoute(route);

/** One request the page made before this worker controlled it: a URL, or a URL with its method and headers. */
type KeptRequest = string | [string, { method?: string; headers?: Record<string, string> }];

self.addEventListener('message', (event: ExtendableMessageEvent) => {
  const data = event.data as { type?: string; requests?: KeptRequest[] } | null;
  if (data?.type !== KEEP_REQUESTS_MESSAGE || !Array.isArray(data.requests)) return;
  const kept = data.requests.map(async (entry) => {
    const request = typeof entry === 'string' ? new Request(entry) : new Request(entry[0], entry[1]);
    const url = new URL(request.url);
    // Only this origin's requests, through the route a fetch of theirs would take (its cache, its rules).
    if (url.origin !== self.location.origin) return;
    const route = routes
      .slice(1)
      .find(
        (item) => item.method === request.method && item.match({ url, request, event, sameOrigin: true }),
      );
    await route?.handler.handle({ request, event, url }).catch(() => undefined);
  });
  event.waitUntil(Promise.all(kept));
});

/** What the server pushes (issue 38, server `push-channel.ts`): decrypted by the browser. */
interface PushPayload {
  title?: string;
  body?: string;
  url?: string;
  tag?: string;
}

// A push from the server: shown at once (a push must show a notification); the same notice pushed
// again (a changed mark, another lesson missed) replaces the one on the screen by its tag.
self.addEventListener('push', (event: PushEvent) => {
  let payload: PushPayload = {};
  try {
    payload = (event.data?.json() as PushPayload | undefined) ?? {};
  } catch {
    payload = { body: event.data?.text() };
  }
  event.waitUntil(
    self.registration.showNotification(payload.title || 'Парта', {
      body: payload.body ?? '',
      tag: payload.tag,
      icon: '/icon-192.png',
      badge: '/icon-192.png',
      lang: 'ru',
      data: { url: payload.url || '/' },
    }),
  );
});

// A click opens what the notice is about: in a window of the app already open, else a new one.
self.addEventListener('notificationclick', (event: NotificationEvent) => {
  event.notification.close();
  const url = new URL((event.notification.data as { url?: string } | null)?.url ?? '/', self.location.origin);
  if (url.origin !== self.location.origin) return;
  event.waitUntil(
    (async () => {
      const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
      const open = windows.find((client) => new URL(client.url).origin === self.location.origin);
      if (open) {
        await open.focus();
        await open.navigate(url.href).catch(() => self.clients.openWindow(url.href));
        return;
      }
      await self.clients.openWindow(url.href);
    })(),
  );
});
