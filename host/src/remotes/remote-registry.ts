import { loadRemote, registerPlugins, registerRemotes } from '@module-federation/enhanced/runtime';
import type { ComponentType } from 'react';
import { fetchRegistry, firstRegistry, type Registry } from './registry-fetch';
import { remoteFallbackPlugin } from './remote-fallback-plugin';
import type { RemoteName } from './remote-map';

let registry: Promise<Registry> | null = null;
const loaded = new Map<RemoteName, ComponentType>();

function register(entries: Registry, force: boolean): void {
  registerRemotes(
    Object.entries(entries).map(([name, entry]) => ({ name, entry: entry as string })),
    { force },
  );
}

/**
 * Registers the remotes of the registry the page started fetching with its entry (not compiled in:
 * ARCHITECTURE.md); the same answer chose the @mantine/core build (start/mantine-build.ts).
 */
export function startRemoteRegistry(): void {
  registerPlugins([remoteFallbackPlugin()]);
  registry = firstRegistry().then((entries) => {
    register(entries, false);
    return entries;
  });
  registry.catch(() => {
    // Shown per remote by its fallback; retry fetches the registry again.
  });
}

/**
 * Whether the deployment publishes a remote: false only when the registry answered without it (a
 * school left the admin module out), so its menu items and paths disappear; while the registry
 * loads or when it failed, true, and a failed remote shows its fallback instead.
 */
export async function isRemotePublished(name: RemoteName): Promise<boolean> {
  if (!registry) startRemoteRegistry();
  try {
    return Boolean((await registry!)[name]);
  } catch {
    return true;
  }
}

/** A remote already loaded in this page, rendered without a Suspense flash. */
export function loadedRemote(name: RemoteName): ComponentType | undefined {
  return loaded.get(name);
}

/** Loads the routes component a remote exposes as `./routes`. */
export async function loadRemoteRoutes(name: RemoteName): Promise<ComponentType> {
  if (!registry) startRemoteRegistry();
  const entries = await registry!;
  if (!entries[name]) throw new Error(`Раздел «${name}» не опубликован`);
  const module = await loadRemote<{ default: ComponentType; partaFallback?: boolean }>(`${name}/routes`);
  if (!module?.default) throw new Error(`Раздел «${name}» не отдал маршруты`);
  if (!module.partaFallback) loaded.set(name, module.default);
  return module.default;
}

/**
 * Forgets a failed remote and registers it again from a fresh registry (force clears the
 * runtime's cached manifest, entry and module), so the next load really fetches it again.
 */
export async function reloadRemote(name: RemoteName): Promise<void> {
  loaded.delete(name);
  const fresh = fetchRegistry();
  registry = fresh;
  const entries = await fresh;
  const { [name]: entry, ...others } = entries;
  register(others, false);
  if (entry) register({ [name]: entry }, true);
}
