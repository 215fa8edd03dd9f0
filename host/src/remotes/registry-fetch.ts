import type { RemoteName } from './remote-map';

/** Registry of deployed remotes: name → manifest URL. Served `no-cache`, so a redeploy shows on reload. */
export const REGISTRY_URL = '/remotes/registry.json';

export type Registry = Partial<Record<RemoteName, string>>;

/** Fetches the registry anew (no HTTP cache: a redeploy shows on the next page). */
export async function fetchRegistry(): Promise<Registry> {
  const response = await fetch(REGISTRY_URL, { cache: 'no-store', headers: { Accept: 'application/json' } });
  if (!response.ok) throw new Error(`Реестр разделов недоступен: ${response.status}`);
  return (await response.json()) as Registry;
}

let first: Promise<Registry> | null = null;

/**
 * The page's first reading of the registry, started by the entry (index.ts) before any shared
 * library loads: the choice of the @mantine/core build (start/mantine-build.ts) and the remotes'
 * registration (remote-registry.ts) both use it, one request for both. This module imports nothing
 * shared, so the entry may use it before the federation runtime negotiates anything.
 */
export function firstRegistry(): Promise<Registry> {
  if (!first) {
    first = fetchRegistry();
    first.catch(() => {
      // Each reader handles the failure its own way.
    });
  }
  return first;
}
