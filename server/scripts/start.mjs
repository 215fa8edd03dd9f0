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
 * Builds the missing apps, two at a time on a machine with two cores or more (webpack works mostly on
 * one core; minification and compression use the other), with the compression levels of a first
 * build. Meanwhile the database is migrated and the demo school seeded (the server's own set-up step),
 * so the first start waits for the longer of the two, not their sum.
 */
async function prepare() {
  const missing = process.env.PARTA_WEB_DIR ? [] : frontEndApps().filter((app) => !isBuilt(app));
  const setup = run(process.execPath, [tsxCli, 'src/server.ts'], {
    cwd: serverDir,
    env: { ...env, PARTA_SETUP_ONLY: '1' },
  });
  const jobs = Math.max(1, Math.min(Number(process.env.PARTA_BUILD_JOBS) || 2, availableParallelism()));
  const queue = [...missing];
  const failed = [];
  const builder = async () => {
    for (let app = queue.shift(); app; app = queue.shift()) {
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
  await Promise.all(Array.from({ length: jobs }, builder));
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
