import { type ChildProcess, spawn } from 'node:child_process';
import {
  cpSync,
  existsSync,
  mkdtempSync,
  openSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
} from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { FullConfig } from '@playwright/test';
import { stopGroup } from './support/processes';
import { E2E_PORT, REPO_ROOT, type SystemUnderTest } from './support/system';

const FRONT_END_APPS = () => [
  ...readdirSync(REPO_ROOT).filter(
    (name) => name.startsWith('remote-') && existsSync(path.join(REPO_ROOT, name, 'package.json')),
  ),
  'host',
];

function builtAt(app: string): number | null {
  const marker = path.join(REPO_ROOT, app, 'dist', app === 'host' ? 'index.html' : 'mf-manifest.json');
  return existsSync(marker) ? statSync(marker).mtimeMs : null;
}

/** Newest modification time under a file or folder (node_modules and dist skipped). */
function newestChange(target: string): number {
  if (!existsSync(target)) return 0;
  const info = statSync(target);
  if (!info.isDirectory()) return info.mtimeMs;
  return readdirSync(target)
    .filter((name) => name !== 'node_modules' && name !== 'dist')
    .reduce((newest, name) => Math.max(newest, newestChange(path.join(target, name))), info.mtimeMs);
}

/**
 * The kind of build the tests run on: the one `pnpm start` makes (`first-start`: esbuild, lighter
 * compression), or with PARTA_E2E_RELEASE=1 the one `pnpm build` makes (the bench measures that).
 */
const BUILD_KIND = process.env.PARTA_E2E_RELEASE === '1' ? 'release' : 'first-start';

function builtKind(app: string): string | null {
  try {
    return JSON.parse(readFileSync(path.join(REPO_ROOT, app, 'dist', 'build-kind.json'), 'utf8')).kind;
  } catch {
    return null;
  }
}

/** Missing, of the other kind, or older than its sources or the shared package it bundles. */
function needsBuild(app: string): boolean {
  const built = builtAt(app);
  if (built === null || builtKind(app) !== BUILD_KIND) return true;
  const sources = [path.join(app, 'src'), path.join(app, 'webpack.config.js'), 'shared/src', 'shared/build'];
  return sources.some((source) => newestChange(path.join(REPO_ROOT, source)) > built);
}

function portIsFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = net.createServer();
    probe.once('error', () => resolve(false));
    probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(true)));
  });
}

async function waitForServer(server: ChildProcess, baseUrl: string, logFile: string, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) break;
    try {
      const response = await fetch(`${baseUrl}/remotes/registry.json`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  const log = existsSync(logFile) ? readFileSync(logFile, 'utf8').slice(-4000) : '';
  throw new Error(`The system did not start on ${baseUrl}:\n${log}`);
}

/** Runs one front-end build of the kind the tests use; resolves when it has passed. */
function build(app: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn('pnpm', ['--filter', app, 'build'], {
      cwd: REPO_ROOT,
      stdio: 'inherit',
      env: { ...process.env, PARTA_FIRST_START: BUILD_KIND === 'first-start' ? '1' : '0' },
    });
    child.on('error', reject);
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`Build of ${app} failed`))));
  });
}

/**
 * Builds the apps two at a time where there are two cores (webpack works mostly on one core; as in
 * `pnpm start`), each app once: every system under test serves a copy of these builds.
 */
async function buildAll(apps: string[]) {
  const queue = [...apps];
  const lanes = Math.max(1, Math.min(Number(process.env.PARTA_BUILD_JOBS) || 2, os.availableParallelism()));
  const lane = async () => {
    for (let app = queue.shift(); app; app = queue.shift()) await build(app);
  };
  await Promise.all(Array.from({ length: lanes }, lane));
}

async function freePortFrom(first: number, taken: Set<number>): Promise<number> {
  let port = first;
  while (taken.has(port) || !(await portIsFree(port))) {
    if (port > first + 50) throw new Error(`No free port from ${first}: set PARTA_E2E_PORT`);
    port += 1;
  }
  return port;
}

interface RunningSystem extends SystemUnderTest {
  /** Resolves once the system's process group has exited. */
  stop: () => Promise<void>;
}

/**
 * Starts one system the way the README says (`node server/scripts/start.mjs`) on a fresh PGlite
 * database, reading the builds from a copy of the dists (PARTA_WEB_DIR) so a test can redeploy one
 * remote without touching the repository or another worker's system.
 */
async function startSystem(port: number): Promise<RunningSystem> {
  const baseUrl = `http://127.0.0.1:${port}`;
  const scratch = mkdtempSync(path.join(os.tmpdir(), 'parta-e2e-'));
  const web = path.join(scratch, 'web');
  for (const app of FRONT_END_APPS()) {
    cpSync(path.join(REPO_ROOT, app, 'dist'), path.join(web, app), { recursive: true });
  }

  const logFile = path.join(scratch, 'server.log');
  const log = openSync(logFile, 'a');
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    PARTA_DATA_DIR: path.join(scratch, 'data'),
    PARTA_WEB_DIR: web,
    // Read on every registry request: a test points a remote at another origin or leaves it out.
    PARTA_REMOTE_OVERRIDES: path.join(scratch, 'remote-overrides.json'),
    // tests/push.spec.ts stands up its own push service on http://127.0.0.1 (a browser's is https).
    PUSH_ALLOW_HTTP: '1',
  };
  // A fresh embedded database every run, whatever the shell points at.
  delete env.DATABASE_URL;
  const server = spawn('node', ['server/scripts/start.mjs'], {
    cwd: REPO_ROOT,
    env,
    detached: true,
    stdio: ['ignore', log, log],
  });

  const stop = () => stopGroup(server);

  try {
    await waitForServer(server, baseUrl, logFile, 240_000);
  } catch (error) {
    await stop();
    throw error;
  }
  return { port, tmp: scratch, web, stop };
}

/**
 * Builds what is missing or stale, then starts one system per test worker (support/system.ts says
 * why) and records them in PARTA_E2E_SYSTEMS. Returns the teardown.
 */
export default async function globalSetup(config: FullConfig) {
  // The instant PARTA_CLOCK stands for, before any server starts (support/test.ts puts browsers there).
  process.env.PARTA_E2E_CLOCK_FROM ??= String(Date.now());
  // Builds what is missing or stale, so the tests never run yesterday's bundle; PARTA_E2E_BUILD=1 rebuilds all.
  const rebuildAll = process.env.PARTA_E2E_BUILD === '1';
  await buildAll(FRONT_END_APPS().filter((name) => rebuildAll || needsBuild(name)));

  // Without PARTA_E2E_PORT random ports: two checkouts testing at once (each builds for minutes
  // first) would otherwise both find 4173 free, and the second run's tests would silently talk to
  // the first run's server (the second server cannot bind and exits after seeding).
  // Below Linux's ephemeral range (32768–60999): a port found free there can be taken as the source
  // port of an outgoing connection during the minute of seeding before the server binds it (seen:
  // EADDRINUSE on 39450).
  const first = process.env.PARTA_E2E_PORT ? E2E_PORT : 20_000 + Math.floor(Math.random() * 12_000);
  const ports: number[] = [];
  for (let index = 0; index < Math.max(1, config.workers); index += 1) {
    ports.push(await freePortFrom(ports.length ? ports[ports.length - 1] + 1 : first, new Set(ports)));
  }
  // Started together: each migrates and seeds its own database.
  const started = await Promise.allSettled(ports.map((port) => startSystem(port)));
  const systems = started.flatMap((result) => (result.status === 'fulfilled' ? [result.value] : []));
  const stopAll = async () => {
    await Promise.all(systems.map((system) => system.stop()));
    for (const system of systems) rmSync(system.tmp, { recursive: true, force: true });
  };
  const failure = started.find((result) => result.status === 'rejected');
  if (failure) {
    await stopAll();
    throw failure.reason;
  }

  // Test workers start after this and inherit it (support/system.ts picks the worker's own system).
  process.env.PARTA_E2E_SYSTEMS = JSON.stringify(systems.map(({ port, tmp, web }) => ({ port, tmp, web })));
  return stopAll;
}
