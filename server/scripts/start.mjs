#!/usr/bin/env node
/**
 * `pnpm start`: starts the API server, which migrates + seeds the database and serves API, host and
 * remotes from one port, and meanwhile builds the front-end apps whose dist is missing.
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

/** Build processes under way: stopped with the server when `pnpm start` is stopped or the server fails. */
const builds = new Set();

/** Runs one build; resolves with its exit code. */
function build(app) {
  return new Promise((resolve) => {
    const child = spawn(pnpm, ['--filter', app, 'build'], {
      cwd: root,
      stdio: 'inherit',
      env: { ...process.env, PARTA_FIRST_START: '1' },
    });
    builds.add(child);
    const done = (code) => {
      builds.delete(child);
      resolve(code);
    };
    child.on('exit', (code, signal) => done(code ?? (signal ? 1 : 0)));
    child.on('error', () => done(1));
  });
}

/**
 * Builds the missing apps in lanes, two on a machine with two cores or more (webpack works mostly on
 * one core; minification and compression use the other), with the settings of a first build (esbuild
 * minification, lighter compression, no source maps). Answers the apps that failed.
 */
async function buildMissing(missing) {
  const jobs = Math.max(1, Math.min(Number(process.env.PARTA_BUILD_JOBS) || 2, availableParallelism()));
  const failed = [];
  const buildLane = async (lane) => {
    for (const app of lane) {
      const started = Date.now();
      process.stdout.write(`Сборка ${app}…\n`);
      if ((await build(app)) !== 0) failed.push(app);
      else process.stdout.write(`Собран ${app} за ${Math.round((Date.now() - started) / 1000)} с\n`);
    }
  };
  const started = Date.now();
  await Promise.all(planLanes(missing, Math.min(jobs, missing.length)).map(buildLane));
  process.stdout.write(`Сборки готовы за ${Math.round((Date.now() - started) / 1000)} с\n`);
  return failed;
}

const missing = process.env.PARTA_WEB_DIR ? [] : frontEndApps().filter((app) => !isBuilt(app));

// The server starts at once, beside the builds: it migrates and seeds the database (on PGlite in a
// child of its own) and listens while the apps build, since it reads the builds from disk per request
// (server/src/plugins/frontend.ts). Its banner with the address and the demo logins is held until the
// builds are done, so nobody opens a page that is not built yet. tsx straight from node, not through
// `pnpm --filter server start`: pnpm does not pass SIGTERM on, which left the API running after its
// parent was stopped.
const server = spawn(process.execPath, [tsxCli, 'src/server.ts'], {
  cwd: serverDir,
  stdio: ['inherit', missing.length > 0 ? 'pipe' : 'inherit', 'inherit'],
  env,
});
const held = [];
let holding = missing.length > 0;
server.stdout?.on('data', (chunk) => (holding ? held.push(chunk) : process.stdout.write(chunk)));

const stopBuilds = () => {
  for (const child of builds) child.kill('SIGTERM');
};
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    stopBuilds();
    server.kill(signal);
  });
}
server.on('exit', (code, signal) => {
  stopBuilds();
  for (const chunk of held) process.stdout.write(chunk);
  process.exit(code ?? (signal ? 1 : 0));
});

if (missing.length > 0) {
  const failed = await buildMissing(missing);
  if (failed.length > 0) {
    process.stderr.write(`Не удалось собрать: ${failed.join(', ')}\n`);
    server.kill('SIGTERM');
    process.exitCode = 1;
  } else {
    holding = false;
    for (const chunk of held.splice(0)) process.stdout.write(chunk);
  }
}
