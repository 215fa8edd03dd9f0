import path from 'node:path';

/**
 * Port of the system under test: PARTA_E2E_PORT, else 4173. global-setup.ts moves to the next free
 * port when it is taken (another run) and records it in PARTA_E2E_PORT, which the test workers,
 * started after it, read when they load this module.
 */
export const E2E_PORT = Number(process.env.PARTA_E2E_PORT ?? 4173);
export const E2E_BASE_URL = `http://127.0.0.1:${E2E_PORT}`;

/** The repository root. */
export const REPO_ROOT = path.resolve(__dirname, '../..');

/** Set by global-setup.ts: the PARTA_WEB_DIR copy the server reads the builds from. */
export function webDir(): string {
  const dir = process.env.PARTA_E2E_WEB_DIR;
  if (!dir) throw new Error('PARTA_E2E_WEB_DIR is not set: run the tests through playwright.config.ts');
  return dir;
}

/** Set by global-setup.ts: a scratch folder removed after the run. */
export function scratchDir(): string {
  const dir = process.env.PARTA_E2E_TMP;
  if (!dir) throw new Error('PARTA_E2E_TMP is not set: run the tests through playwright.config.ts');
  return dir;
}

/** Screenshots for people to look at (gitignored). */
export const ARTIFACTS_DIR = path.join(REPO_ROOT, 'e2e', '.artifacts');

/** The PARTA_REMOTE_OVERRIDES file of the system under test (absent = every local build as it is). */
export function remoteOverridesFile(): string {
  return path.join(scratchDir(), 'remote-overrides.json');
}
