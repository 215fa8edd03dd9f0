import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';
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
