#!/usr/bin/env node
/**
 * `pnpm start`: builds the front-end apps whose dist is missing, then starts the API server, which
 * migrates + seeds the database and serves API, host and remotes from one port.
 * PORT, HOST, DATABASE_URL, PARTA_DATA_DIR and PARTA_WEB_DIR are passed through to the server.
 * With PARTA_WEB_DIR set, the builds come from that folder (see server/src/plugins/frontend.ts)
 * and nothing is built here.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const pnpm = process.platform === 'win32' ? 'pnpm.cmd' : 'pnpm';

function frontEndApps() {
  const remotes = readdirSync(root, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && entry.name.startsWith('remote-'))
    .map((entry) => entry.name)
    .sort();
  return [...remotes, 'host'];
}

function isBuilt(app) {
  const dist = path.join(root, app, 'dist');
  return existsSync(path.join(dist, app === 'host' ? 'index.html' : 'mf-manifest.json'));
}

// The server runs in server/: make relative folders mean what they meant where `pnpm start` ran.
const env = { ...process.env };
for (const key of ['PARTA_DATA_DIR', 'PARTA_WEB_DIR']) {
  if (env[key]) env[key] = path.resolve(process.cwd(), env[key]);
}
// PGlite creates the data folder but not its parents.
if (env.PARTA_DATA_DIR) mkdirSync(path.dirname(env.PARTA_DATA_DIR), { recursive: true });

const serverDir = path.join(root, 'server');
const tsxCli = createRequire(path.join(serverDir, 'package.json')).resolve('tsx/cli');

/** Runs a command; resolves with its exit code. Prints its output as it comes. */
function run(command, args, options) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { stdio: 'inherit', ...options });
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
    child.on('error', () => resolve(1));
  });
}

/**
 * Seconds each app's first-start build took on the 2-core machine, two building at once (`pnpm
 * bench --first-start`, 24.11.26; an app not listed counts as the mean). Only their proportions matter: they decide which
 * builds share a lane.
 */
const BUILD_SECONDS = {
  'remote-journal': 47,
  'remote-people': 45,
  'remote-timetable': 30,
  'remote-admin': 29,
  host: 25,
};

/**
 * Splits the apps over `jobs` lanes so the longest lane is as short as possible (every assignment is
 * tried: five apps on two lanes are 32). Taking the longest build next whenever a lane frees up ends at
 * 100 s by the figures above (people, timetable, host on one lane); journal and people on one lane and
 * the three others on the other end at 92 s.
 */
function planLanes(apps, jobs) {
  const known = Object.values(BUILD_SECONDS);
  const mean = known.reduce((a, b) => a + b, 0) / known.length;
  const cost = (app) => BUILD_SECONDS[app] ?? mean;
  let best = null;
  let bestSpan = Number.POSITIVE_INFINITY;
  const lanes = Array.from({ length: jobs }, () => []);
  const place = (i) => {
    if (i === apps.length) {
      const span = Math.max(...lanes.map((lane) => lane.reduce((sum, app) => sum + cost(app), 0)));
      if (span < bestSpan) {
        bestSpan = span;
        best = lanes.map((lane) => [...lane]);
      }
      return;
    }
    for (const lane of lanes) {
      lane.push(apps[i]);
      place(i + 1);
      lane.pop();
      if (lane.length === 0) break; // empty lanes are alike: try the first only
    }
  };
  place(0);
  // The longest build first on each lane, so a slow lane shows early in the output.
  return (best ?? [apps]).map((lane) => lane.sort((a, b) => cost(b) - cost(a)));
}

/**
 * Builds the missing apps in lanes, two on a machine with two cores or more (webpack works mostly on
 * one core; minification and compression use the other), with the settings of a first build (esbuild
 * minification, lighter compression, no source maps). Meanwhile the database is migrated and the demo
 * school seeded (the server's own set-up step), so the first start waits for the longer of the two,
 * not their sum.
 */
async function prepare() {
  const missing = process.env.PARTA_WEB_DIR ? [] : frontEndApps().filter((app) => !isBuilt(app));
  const setup = run(process.execPath, [tsxCli, 'src/server.ts'], {
    cwd: serverDir,
    env: { ...env, PARTA_SETUP_ONLY: '1' },
  });
  const jobs = Math.max(1, Math.min(Number(process.env.PARTA_BUILD_JOBS) || 2, availableParallelism()));
  const failed = [];
  const buildLane = async (lane) => {
    for (const app of lane) {
      const started = Date.now();
      process.stdout.write(`Сборка ${app}…\n`);
      const code = await run(pnpm, ['--filter', app, 'build'], {
        cwd: root,
        env: { ...process.env, PARTA_FIRST_START: '1' },
      });
      if (code !== 0) failed.push(app);
      else process.stdout.write(`Собран ${app} за ${Math.round((Date.now() - started) / 1000)} с\n`);
    }
  };
  const started = Date.now();
  await Promise.all(planLanes(missing, Math.min(jobs, Math.max(1, missing.length))).map(buildLane));
  if (missing.length > 0) {
    process.stdout.write(`Сборки готовы за ${Math.round((Date.now() - started) / 1000)} с\n`);
  }
  const setupCode = await setup;
  if (failed.length > 0) {
    process.stderr.write(`Не удалось собрать: ${failed.join(', ')}\n`);
    process.exit(1);
  }
  if (setupCode !== 0) {
    process.stderr.write('Не удалось подготовить базу данных\n');
    process.exit(setupCode);
  }
}

await prepare();

// tsx straight from node, not through `pnpm --filter server start`: pnpm does not pass SIGTERM on,
// which left the API running after its parent was stopped.
const server = spawn(process.execPath, [tsxCli, 'src/server.ts'], { cwd: serverDir, stdio: 'inherit', env });
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => server.kill(signal));
}
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
