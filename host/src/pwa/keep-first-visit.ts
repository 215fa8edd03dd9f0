import { KEEP_REQUESTS_MESSAGE, TOKEN_STORAGE_KEY } from '@parta/shared/offline-cache';

/** Resource timing keeps 250 entries by default; a first visit to the journal loads more files than that. */
const TIMING_ENTRIES = 1_000;

type KeptRequest = string | [string, { method: string; headers: Record<string, string> }];

/**
 * What this page fetched from its own origin, as requests the service worker can make again: files
 * as they are, API reads with the token (the current user, POST /api/auth/me, with its method).
 */
export function requestsToKeep(
  entries: readonly Pick<PerformanceResourceTiming, 'name' | 'initiatorType'>[],
  origin: string,
  token: string | null,
): KeptRequest[] {
  const seen = new Set<string>();
  const kept: KeptRequest[] = [];
  for (const entry of entries) {
    const url = new URL(entry.name, origin);
    if (url.origin !== origin || seen.has(url.href) || url.pathname === '/sw.js') continue;
    seen.add(url.href);
    if (!url.pathname.startsWith('/api/')) {
      kept.push(url.href);
      continue;
    }
    // API answers are the user's: only those the app asked for (not a page's images), and only signed in.
    if (!token || (entry.initiatorType !== 'fetch' && entry.initiatorType !== 'xmlhttprequest')) continue;
    const headers = { Authorization: `Bearer ${token}` };
    kept.push([url.href, { method: url.pathname === '/api/auth/me' ? 'POST' : 'GET', headers }]);
  }
  return kept;
}

/**
 * A first visit runs before the service worker controls the page, so nothing it loaded went through
 * the worker's caches: when the worker takes over (clientsClaim), the page hands it the list of what
 * it fetched, and the worker fetches it again into its caches. A teacher who opened the journal once
 * can then open it again offline, without a second online load.
 */
export function keepFirstVisit(): void {
  const { serviceWorker } = navigator;
  // Controlled from the start: everything already went through the worker.
  if (serviceWorker.controller) return;
  performance.setResourceTimingBufferSize(TIMING_ENTRIES);
  serviceWorker.addEventListener(
    'controllerchange',
    () => {
      const entries = performance.getEntriesByType('resource') as PerformanceResourceTiming[];
      serviceWorker.controller?.postMessage({
        type: KEEP_REQUESTS_MESSAGE,
        requests: requestsToKeep(entries, location.origin, localStorage.getItem(TOKEN_STORAGE_KEY)),
      });
    },
    { once: true },
  );
}
