/**
 * Names the host's service worker and the page agree on (no imports: the service worker bundles
 * this file alone). API reads are kept in one cache, emptied on sign-out.
 */
export const API_CACHE = 'parta-api';

/**
 * localStorage key of the bearer token (SPEC §4). Here, with no imports, because the host's entry
 * script reads it (pwa/keep-first-visit.ts) before the app's shared code is loaded.
 */
export const TOKEN_STORAGE_KEY = 'auth_token';

/** Set by the service worker on an API answer served from its cache: when that answer was fetched. */
export const OFFLINE_SINCE_HEADER = 'x-parta-offline-since';

/**
 * A page's message to the service worker that has just taken control of it: the requests it made
 * before (a first visit), to be fetched again through the worker's routes and so kept for offline.
 */
export const KEEP_REQUESTS_MESSAGE = 'parta-keep-requests';
