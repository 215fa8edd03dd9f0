import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';
import { takeManifest } from './registry-fetch';
import { RemoteUnavailable } from './remote-unavailable';

/**
 * Turns a remote that cannot be loaded (manifest, entry or chunk missing) into the fallback screen
 * instead of an exception, so the host and the other remotes keep working.
 */
export function remoteFallbackPlugin(): ModuleFederationRuntimePlugin {
  return {
    name: 'parta-remote-fallback',
    errorLoadRemote({ id, error, lifecycle }) {
      if (lifecycle !== 'onLoad') return undefined;
      console.error(`Раздел ${id} не загрузился:`, error);
      return { default: RemoteUnavailable, partaFallback: true };
    },
  };
}

/**
 * Answers the runtime's first reading of a remote's manifest with the copy the page read before
 * @mantine/core loaded (start/mantine-build.ts): one request per manifest, not two.
 */
export function manifestsReadPlugin(): ModuleFederationRuntimePlugin {
  return {
    name: 'parta-manifests-read',
    fetch(url) {
      const text = takeManifest(url);
      if (text === undefined) return undefined;
      return Promise.resolve(new Response(text, { headers: { 'Content-Type': 'application/json' } }));
    },
  };
}
