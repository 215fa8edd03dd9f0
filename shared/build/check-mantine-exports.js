// @ts-check
/**
 * Fails when a remote uses @mantine/core exports that the host's tree-shaken shared copy lacks.
 *
 * Every app shares @mantine/core tree-shaken to the exports the apps import
 * (shared/build/create-webpack-config.js), and each build publishes that list as `usedExports` of
 * the @mantine/core entry in its `mf-stats.json`. The host's copy is the singleton every remote
 * receives while every remote fits it. A remote built later that draws a component outside the
 * host's list makes the host take the whole library for every app at run time
 * (host/src/start/mantine-build.ts): it renders, but every page then loads the whole @mantine/core.
 * This check compares a remote's published list with the host's and exits 1 on any export the host
 * lacks, unless the remote declares that cost on purpose with `"parta": { "mantineFallback": true }`
 * in its package.json (else: rebuild and deploy the host with the remote's components).
 *
 * Usage: `node shared/build/check-mantine-exports.js [--host <host mf-stats.json>] [remote-dir ...]`
 * (`pnpm check:mantine-exports`): by default the host's dist and every `remote-*` app's dist.
 */
const fs = require('node:fs');
const path = require('node:path');

const REPO_ROOT = path.join(__dirname, '..', '..');
const SHARE_KEY = '@mantine/core';

function readJson(file) {
  return JSON.parse(fs.readFileSync(file, 'utf8'));
}

/**
 * The `usedExports` a build published for @mantine/core, or null when its stats have none.
 * @param {string} statsFile
 * @returns {string[] | null}
 */
function publishedUsedExports(statsFile) {
  const stats = readJson(statsFile);
  const entry = (stats.shared ?? []).find((/** @type {{name: string}} */ item) => item.name === SHARE_KEY);
  return Array.isArray(entry?.usedExports) ? entry.usedExports : null;
}

/**
 * The names @mantine/core's index exports. A published list also holds the member names of
 * compound components (`Tabs.Tab` is recorded as `Tabs` and `Tab`): those are no exports and are
 * not compared.
 */
function mantineCoreExportNames() {
  const entry = require.resolve('@mantine/core', { paths: [path.join(REPO_ROOT, 'host')] });
  const index = path.join(path.dirname(entry), '..', 'esm', 'index.mjs');
  const names = new Set();
  for (const match of fs.readFileSync(index, 'utf8').matchAll(/export\s*\{([^}]*)\}/g)) {
    for (const part of match[1].split(',')) {
      const name = part
        .trim()
        .split(/\s+as\s+/)
        .pop();
      if (name) names.add(name);
    }
  }
  return names;
}

/**
 * The exports a remote uses beyond the host's list (empty when it fits).
 * @param {string[]} hostExports
 * @param {string[]} remoteExports
 * @param {Set<string>} exportNames  the package's export names; anything else is left out
 */
function exportsBeyondHost(hostExports, remoteExports, exportNames = mantineCoreExportNames()) {
  const host = new Set(hostExports);
  return [...new Set(remoteExports)].filter((name) => exportNames.has(name) && !host.has(name)).sort();
}

/** Whether a remote's package.json opts in to the whole-library fallback. */
function optsInToFallback(remoteDir) {
  const pkg = readJson(path.join(remoteDir, 'package.json'));
  return pkg.parta?.mantineFallback === true;
}

/**
 * Checks each remote against the host's stats; returns the problems found (one line each).
 * @param {string} hostStatsFile
 * @param {string[]} remoteDirs
 */
function checkRemotes(hostStatsFile, remoteDirs) {
  const hostExports = publishedUsedExports(hostStatsFile);
  if (!hostExports) return [`${hostStatsFile}: no usedExports published for ${SHARE_KEY}`];
  const exportNames = mantineCoreExportNames();
  const problems = [];
  for (const dir of remoteDirs) {
    const name = path.basename(dir);
    const statsFile = path.join(dir, 'dist', 'mf-stats.json');
    if (!fs.existsSync(statsFile)) {
      problems.push(`${name}: ${path.relative(REPO_ROOT, statsFile)} not found (build the remote first)`);
      continue;
    }
    const remoteExports = publishedUsedExports(statsFile);
    if (!remoteExports) {
      problems.push(`${name}: no usedExports published for ${SHARE_KEY}`);
      continue;
    }
    const beyond = exportsBeyondHost(hostExports, remoteExports, exportNames);
    if (beyond.length === 0) continue;
    if (optsInToFallback(dir)) {
      console.warn(`${name}: uses ${beyond.join(', ')} beyond the host's list (opted in to the fallback)`);
      continue;
    }
    problems.push(
      `${name}: uses ${SHARE_KEY} exports the host's shared copy lacks: ${beyond.join(', ')} ` +
        '(rebuild and deploy the host, or opt in with "parta": { "mantineFallback": true })',
    );
  }
  return problems;
}

if (require.main === module) {
  const args = process.argv.slice(2);
  const hostAt = args.indexOf('--host');
  const hostStatsFile =
    hostAt >= 0
      ? path.resolve(args.splice(hostAt, 2)[1])
      : path.join(REPO_ROOT, 'host', 'dist', 'mf-stats.json');
  const remoteDirs = args.length
    ? args.map((dir) => path.resolve(dir))
    : fs
        .readdirSync(REPO_ROOT)
        .filter((entry) => entry.startsWith('remote-'))
        .sort()
        .map((entry) => path.join(REPO_ROOT, entry));
  const problems = checkRemotes(hostStatsFile, remoteDirs);
  for (const problem of problems) console.error(problem);
  if (problems.length) process.exit(1);
  console.log(`${SHARE_KEY}: ${remoteDirs.length} remote(s) within the host's usedExports`);
}

module.exports = { checkRemotes, exportsBeyondHost, mantineCoreExportNames, publishedUsedExports };
