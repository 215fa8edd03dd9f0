import { availableParallelism } from 'node:os';
import path from 'node:path';

/**
 * Test workers, each with a system of its own (PARTA_E2E_WORKERS, else two where there are two cores):
 * the specs change the demo school (marks, balances, passwords, a generated timetable) and the deployed
 * remotes, so two specs at once never share a server, a database or a web folder.
 */
export const E2E_WORKERS = Math.max(
  1,
  Number(process.env.PARTA_E2E_WORKERS) || Math.min(2, availableParallelism()),
);

/** One system under test, as global-setup.ts started it. */
export interface SystemUnderTest {
  port: number;
  /** A scratch folder removed after the run. */
  tmp: string;
  /** The PARTA_WEB_DIR copy the server reads the builds from. */
  web: string;
}

/**
 * The system of this test worker: global-setup.ts records one per worker in PARTA_E2E_SYSTEMS, and
 * Playwright numbers the workers that run at once by TEST_PARALLEL_INDEX (a worker that replaces a
 * failed one keeps its number, so it keeps the system).
 */
function ownSystem(): SystemUnderTest | undefined {
  const systems = JSON.parse(process.env.PARTA_E2E_SYSTEMS ?? '[]') as SystemUnderTest[];
  return systems[Number(process.env.TEST_PARALLEL_INDEX ?? 0) % Math.max(1, systems.length)];
}

/**
 * Port of this worker's system. Without a recorded system (outside the test workers) PARTA_E2E_PORT,
 * else 4173: global-setup.ts starts from there (or from a random port) and moves past taken ports.
 */
/** The school's day a run is on unless PARTA_CLOCK says otherwise (playwright.config.ts): a Wednesday of II четверть. */
export const E2E_SCHOOL_DAY = '2026-12-09';

export const E2E_PORT = ownSystem()?.port ?? Number(process.env.PARTA_E2E_PORT ?? 4173);
export const E2E_BASE_URL = `http://127.0.0.1:${E2E_PORT}`;

/** The repository root. */
export const REPO_ROOT = path.resolve(__dirname, '../..');

const NOT_SET = 'no system recorded in PARTA_E2E_SYSTEMS: run the tests through playwright.config.ts';

/** The PARTA_WEB_DIR copy this worker's server reads the builds from. */
export function webDir(): string {
  const dir = ownSystem()?.web;
  if (!dir) throw new Error(NOT_SET);
  return dir;
}

/** This worker's scratch folder, removed after the run. */
export function scratchDir(): string {
  const dir = ownSystem()?.tmp;
  if (!dir) throw new Error(NOT_SET);
  return dir;
}

/** Screenshots for people to look at (gitignored). */
export const ARTIFACTS_DIR = path.join(REPO_ROOT, 'e2e', '.artifacts');

/** The PARTA_REMOTE_OVERRIDES file of the system under test (absent = every local build as it is). */
export function remoteOverridesFile(): string {
  return path.join(scratchDir(), 'remote-overrides.json');
}
