import {
  type ModuleFederationRuntimePlugin,
  registerGlobalPlugins,
  registerPlugins,
} from '@module-federation/enhanced/runtime';
import { firstRegistry, type Registry } from '../remotes/registry-fetch';

const MANTINE = '@mantine/core';
const HOOKS = '@mantine/hooks';

/**
 * The packages every app shares tree-shaken (shared/build/create-webpack-config.js, `TREE_SHAKEN`):
 * each build publishes the exports of each that its code uses, and a remote that uses more than the
 * host's copy holds makes the page take that package's whole fallback for every app.
 */
export const TREE_SHAKEN_PACKAGES = [MANTINE, HOOKS, 'react-router-dom'] as const;

/** The part of a remote's mf-manifest.json read here (usedExports: shared/build/create-webpack-config.js). */
interface ManifestShared {
  shared?: { name: string; usedExports?: unknown }[];
}

/**
 * The exports of a package (by default @mantine/core) a remote's code uses, as its build publishes
 * them in its manifest; null when it publishes none (a build that shares the package whole, or one
 * from before the list was published): such a remote may use anything.
 */
export function publishedMantineExports(
  manifest: ManifestShared,
  pkgName: string = MANTINE,
): string[] | null {
  const entry = manifest.shared?.find((item) => item.name === pkgName);
  if (!entry) return [];
  const used = entry.usedExports;
  return Array.isArray(used) && used.every((name) => typeof name === 'string') ? used : null;
}

/**
 * The remotes (by name) whose exports of a package (by default @mantine/core) the host's tree-shaken
 * copy lacks. A remote whose manifest could not be read is left out: it will not load either, and
 * shows its fallback.
 */
export function remotesBeyond(
  provided: readonly string[],
  manifests: Partial<Record<string, ManifestShared | null>>,
  pkgName: string = MANTINE,
): string[] {
  const has = new Set(provided);
  return Object.entries(manifests)
    .filter(([, manifest]) => {
      if (!manifest) return false;
      const used = publishedMantineExports(manifest, pkgName);
      return used === null || used.some((name) => !has.has(name));
    })
    .map(([name]) => name)
    .sort();
}

declare const __webpack_require__: { federation?: { usedExports?: Record<string, string[]> } } | undefined;

/**
 * The exports the host's own shared copy of a package holds: the federation runtime of a tree-shaken
 * build records them (the list it was built with and what the host's code references); null when
 * the host shares the package whole.
 */
function hostExports(pkgName: string): readonly string[] | null {
  if (typeof __webpack_require__ === 'undefined') return null;
  return __webpack_require__?.federation?.usedExports?.[pkgName] ?? null;
}

/**
 * Hands out the whole build of the named packages (the fallback every build carries beside its
 * tree-shaken copy; by default @mantine/core) instead of the tree-shaken one, to the host and to
 * every remote: one copy, so one set of Mantine's contexts and one MantineProvider (one router
 * context) for the page. Registered globally before any remote's federation instance exists, so
 * each remote's instance takes it up when its entry starts.
 */
export function wholeMantinePlugin(packages: readonly string[] = [MANTINE]): ModuleFederationRuntimePlugin {
  const whole = new Set(packages);
  return {
    name: 'parta-whole-mantine',
    resolveShare(args) {
      if (!whole.has(args.pkgName)) return args;
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
 * Chooses, before @mantine/core loads, which build of each tree-shaken package the page uses: the
 * host's tree-shaken copy while every registered remote's published exports fit it, else the whole
 * library for everyone (a remote deployed on its own after the host, drawing a component or calling
 * a router hook outside the host's list). Reads the registry the entry started fetching and the
 * remotes' manifests (no-cache: the federation runtime's own reading of them revalidates). Without a
 * registry (offline before any visit) the tree-shaken copies stay: no remote could load then either.
 * Answers for @mantine/core, the one the start evaluates in slices.
 */
export async function chooseMantineBuild(
  registry: Promise<Registry> = firstRegistry(),
): Promise<'tree-shaken' | 'whole'> {
  const shaken = TREE_SHAKEN_PACKAGES.flatMap((pkgName) => {
    const provided = hostExports(pkgName);
    return provided ? [{ pkgName, provided }] : [];
  });
  const mantineShaken = shaken.some(({ pkgName }) => pkgName === MANTINE);
  if (shaken.length === 0) return 'whole';
  let entries: Registry;
  try {
    entries = await registry;
  } catch {
    return mantineShaken ? 'tree-shaken' : 'whole';
  }
  const manifests = Object.fromEntries(
    await Promise.all(
      Object.entries(entries).map(
        async ([name, url]) => [name, url ? await readManifest(url) : null] as const,
      ),
    ),
  );
  const whole: string[] = [];
  for (const { pkgName, provided } of shaken) {
    const beyond = remotesBeyond(provided, manifests, pkgName);
    if (beyond.length === 0) continue;
    whole.push(pkgName);
    console.info(`${pkgName} целиком: разделы ${beyond.join(', ')} используют экспорты вне сборки хоста`);
  }
  // The whole @mantine/core uses hooks beyond the tree-shaken @mantine/hooks (shared/build/mantine-styles.js).
  if (whole.includes(MANTINE) && !whole.includes(HOOKS) && shaken.some(({ pkgName }) => pkgName === HOOKS)) {
    whole.push(HOOKS);
  }
  if (whole.length > 0) {
    const plugin = wholeMantinePlugin(whole);
    registerGlobalPlugins([plugin]);
    registerPlugins([plugin]);
  }
  return !mantineShaken || whole.includes(MANTINE) ? 'whole' : 'tree-shaken';
}
