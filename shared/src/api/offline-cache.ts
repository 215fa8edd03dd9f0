/**
 * Names the host's service worker and the page agree on (no imports: the service worker bundles
 * this file alone). API reads are kept in one cache, emptied on sign-out.
 */
export const API_CACHE = 'parta-api';

/** Set by the service worker on an API answer served from its cache: when that answer was fetched. */
export const OFFLINE_SINCE_HEADER = 'x-parta-offline-since';
