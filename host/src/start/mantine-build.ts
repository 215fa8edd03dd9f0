import {
  type ModuleFederationRuntimePlugin,
  registerGlobalPlugins,
  registerPlugins,
} from '@module-federation/enhanced/runtime';
import { firstRegistry, type Registry } from '../remotes/registry-fetch';

const MANTINE = '@mantine/core';

/** The part of a remote's mf-manifest.json read here (usedExports: shared/build/create-webpack-config.js). */
interface ManifestShared {
  shared?: { name: string; usedExports?: unknown }[];
}

/**
 * The exports of @mantine/core a remote's code uses, as its build publishes them in its manifest;
 * null when it publishes none (a build that shares @mantine/core whole, or one from before the
 * list was published): such a remote may use anything.
 */
export function publishedMantineExports(manifest: ManifestShared): string[] | null {
  const entry = manifest.shared?.find((item) => item.name === MANTINE);
  if (!entry) return [];
  const used = entry.usedExports;
  return Array.isArray(used) && used.every((name) => typeof name === 'string') ? used : null;
}

/**
 * The remotes (by name) whose @mantine/core exports the host's tree-shaken copy lacks. A remote
 * whose manifest could not be read is left out: it will not load either, and shows its fallback.
 */
export function remotesBeyond(
  provided: readonly string[],
  manifests: Partial<Record<string, ManifestShared | null>>,
): string[] {
  const has = new Set(provided);
  return Object.entries(manifests)
    .filter(([, manifest]) => {
      if (!manifest) return false;
      const used = publishedMantineExports(manifest);
      return used === null || used.some((name) => !has.has(name));
    })
    .map(([name]) => name)
    .sort();
}

declare const __webpack_require__: { federation?: { usedExports?: Record<string, string[]> } } | undefined;

/**
 * The exports the host's own shared @mantine/core holds: the federation runtime of a tree-shaken
 * build records them (the list it was built with and what the host's code references); null when
 * the host shares the library whole.
 */
function hostMantineExports(): readonly string[] | null {
  if (typeof __webpack_require__ === 'undefined') return null;
  return __webpack_require__?.federation?.usedExports?.[MANTINE] ?? null;
}

/**
 * Hands out the whole @mantine/core (the fallback every build carries beside its tree-shaken copy)
 * instead of the tree-shaken one, to the host and to every remote: one copy, so one set of
 * Mantine's contexts and one MantineProvider for the page. Registered globally before any remote's
 * federation instance exists, so each remote's instance takes it up when its entry starts.
 */
export function wholeMantinePlugin(): ModuleFederationRuntimePlugin {
  return {
    name: 'parta-whole-mantine',
    resolveShare(args) {
      if (args.pkgName !== MANTINE) return args;
      const registered = args.shareScopeMap[args.scope]?.[args.pkgName]?.[args.version];
      if (!registered) return args;
      args.resolver = () => ({ shared: registered, useTreesShaking: false });
      return args;
    },
  };
}

async function readManifest(url: string): Promise<ManifestShared | null> {
  try {
    const response = await fetch(url, { headers: { Accept: 'application/json' } });
    return response.ok ? ((await response.json()) as ManifestShared) : null;
  } catch {
    return null;
  }
}

/**
 * Chooses, before @mantine/core loads, which build of it the page uses: the host's tree-shaken copy
 * while every registered remote's published exports fit it, else the whole library for everyone (a
 * remote deployed on its own after the host, drawing a component outside the host's list). Reads
 * the registry the entry started fetching and the remotes' manifests (no-cache: the federation
 * runtime's own reading of them revalidates). Without a registry (offline before any visit) the
 * tree-shaken copy stays: no remote could load then either.
 */
export async function chooseMantineBuild(
  registry: Promise<Registry> = firstRegistry(),
): Promise<'tree-shaken' | 'whole'> {
  const provided = hostMantineExports();
  if (!provided) return 'whole';
  let entries: Registry;
  try {
    entries = await registry;
  } catch {
    return 'tree-shaken';
  }
  const manifests = Object.fromEntries(
    await Promise.all(
      Object.entries(entries).map(
        async ([name, url]) => [name, url ? await readManifest(url) : null] as const,
      ),
    ),
  );
  const beyond = remotesBeyond(provided, manifests);
  if (beyond.length === 0) return 'tree-shaken';
  console.info(`@mantine/core целиком: разделы ${beyond.join(', ')} используют компоненты вне сборки хоста`);
  const plugin = wholeMantinePlugin();
  registerGlobalPlugins([plugin]);
  registerPlugins([plugin]);
  return 'whole';
}
