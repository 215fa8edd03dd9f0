// @ts-check
/**
 * Stands in for axios's fetch adapter (`axios/lib/adapters/fetch.js`) in the apps' builds
 * (shared/build/create-webpack-config.js). axios tries its adapters in the order xhr, http, fetch
 * and takes the first one the platform has: every browser has XMLHttpRequest, so the apps always
 * send through the XHR adapter and the fetch one (with its stream and multipart helpers, ~3.5 KB
 * after brotli on the first screen) was never run. Answering «not available» here is what axios
 * itself answers where fetch is missing; an `adapter: 'fetch'` option would fail with axios's own
 * message that the adapter is not available.
 */
export const getFetch = () => false;

export default false;
