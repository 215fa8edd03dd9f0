#!/usr/bin/env node
/**
 * `pnpm start`: builds the front-end apps whose dist is missing, then starts the API server, which
 * migrates + seeds the database and serves API, host and remotes from one port.
 * PORT, HOST, DATABASE_URL, PARTA_DATA_DIR and PARTA_WEB_DIR are passed through to the server.
 * With PARTA_WEB_DIR set, the builds come from that folder (see server/src/plugins/frontend.ts)
 * and nothing is built here.
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
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

if (!process.env.PARTA_WEB_DIR) {
  const missing = frontEndApps().filter((app) => !isBuilt(app));
  for (const app of missing) {
    process.stdout.write(`Сборка ${app}…\n`);
    const result = spawnSync(pnpm, ['--filter', app, 'build'], { cwd: root, stdio: 'inherit' });
    if (result.status !== 0) {
      process.stderr.write(`Не удалось собрать ${app}\n`);
      process.exit(result.status ?? 1);
    }
  }
}

// The server runs in server/: make relative folders mean what they meant where `pnpm start` ran.
const env = { ...process.env };
for (const key of ['PARTA_DATA_DIR', 'PARTA_WEB_DIR']) {
  if (env[key]) env[key] = path.resolve(process.cwd(), env[key]);
}
// PGlite creates the data folder but not its parents.
if (env.PARTA_DATA_DIR) mkdirSync(path.dirname(env.PARTA_DATA_DIR), { recursive: true });

// tsx straight from node, not through `pnpm --filter server start`: pnpm does not pass SIGTERM on,
// which left the API running after its parent was stopped.
const serverDir = path.join(root, 'server');
const tsxCli = createRequire(path.join(serverDir, 'package.json')).resolve('tsx/cli');
const server = spawn(process.execPath, [tsxCli, 'src/server.ts'], { cwd: serverDir, stdio: 'inherit', env });
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => server.kill(signal));
}
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
