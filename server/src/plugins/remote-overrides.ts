import { readFile } from 'node:fs/promises';

/**
 * Where a deployment takes a remote from when it is not one of its own builds.
 *
 * `PARTA_REMOTE_OVERRIDES=/etc/parta/remotes.json` names a JSON object, read on every request of
 * the registry (no restart to switch):
 *
 *     { "admin": "https://admin.vendor.example/mf-manifest.json" }   the vendor's origin serves it
 *     { "admin": null }                                              the school leaves it out
 *
 * A name missing from the file keeps the local build. A file that cannot be read or parsed changes
 * nothing and is logged, so a typo never takes the other remotes down.
 */
export type RemoteOverrides = Record<string, string | null>;

const NAME = /^[a-z][a-z0-9_-]*$/i;

function isManifestUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === 'https:' || url.protocol === 'http:') && url.pathname.endsWith('.json');
  } catch {
    return false;
  }
}

/** Parses the overrides file's text; entries that are not a name → URL or null are dropped. */
export function parseRemoteOverrides(text: string): RemoteOverrides {
  const parsed: unknown = JSON.parse(text);
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) {
    throw new Error('ожидается объект «имя модуля → адрес манифеста или null»');
  }
  const overrides: RemoteOverrides = {};
  for (const [name, value] of Object.entries(parsed)) {
    if (!NAME.test(name)) continue;
    if (value === null || (typeof value === 'string' && isManifestUrl(value))) overrides[name] = value;
  }
  return overrides;
}

export async function readRemoteOverrides(
  file = process.env.PARTA_REMOTE_OVERRIDES,
  log: (message: string) => void = () => {},
): Promise<RemoteOverrides> {
  if (!file) return {};
  try {
    return parseRemoteOverrides(await readFile(file, 'utf8'));
  } catch (error) {
    log(`PARTA_REMOTE_OVERRIDES (${file}) не применён: ${(error as Error).message}`);
    return {};
  }
}

/** The registry after the overrides: a URL replaces the local entry, null removes it. */
export function applyRemoteOverrides(
  registry: Record<string, string>,
  overrides: RemoteOverrides,
): Record<string, string> {
  const result = { ...registry };
  for (const [name, value] of Object.entries(overrides)) {
    if (value === null) delete result[name];
    else result[name] = value;
  }
  return result;
}
