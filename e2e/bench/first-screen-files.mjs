// The files of the first signed-in screen, one a line: what `/login` loads up to its first use plus
// the dashboard after signing in (the first three steps of front-end.bench.ts), API answers left out,
// each with its bytes on the wire (as Chromium counted them, headers included), its raw, gzip and
// brotli sizes on disk (the precompressed copies the server sends) and the packages its source map
// names. Reads the JSON the bench wrote and the builds it measured (host/dist, remote-*/dist):
//
//   pnpm --filter e2e bench --grep "bytes per step"      (bench-results/front-end.json)
//   node e2e/bench/first-screen-files.mjs [bench-results/front-end.json]
import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const input = path.resolve(process.argv[2] ?? path.join(REPO_ROOT, 'bench-results', 'front-end.json'));
const { steps } = JSON.parse(readFileSync(input, 'utf8'));
const FIRST_SCREEN = ['login page (untouched)', 'login page in use (the app starts)', 'sign in → dashboard'];

/**
 * The built file a URL is served from (a path the host's router answers is its index.html); null for
 * the registry, which the server writes per request.
 */
function fileOf(url) {
  if (url === '/remotes/registry.json') return null;
  const remote = /^\/remotes\/([\w-]+)\/[0-9a-f]+\/(.+)$/.exec(url);
  if (remote) return path.join(REPO_ROOT, `remote-${remote[1]}`, 'dist', remote[2]);
  const hostFile = path.join(REPO_ROOT, 'host', 'dist', url.replace(/^\/+/, ''));
  return existsSync(hostFile) && statSync(hostFile).isFile()
    ? hostFile
    : path.join(REPO_ROOT, 'host', 'dist', 'index.html');
}

const size = (file) => (existsSync(file) ? statSync(file).size : null);

/** The packages (or app folders) a file's source map names, most modules first. */
function owners(file) {
  if (!existsSync(`${file}.map`)) return '';
  const counts = new Map();
  for (const source of JSON.parse(readFileSync(`${file}.map`, 'utf8')).sources ?? []) {
    const inPackage = /node_modules\/(?:\.pnpm\/[^/]+\/node_modules\/)?((?:@[^/]+\/)?[^/]+)/.exec(source);
    const owner = inPackage
      ? inPackage[1]
      : source
          .replace(/^webpack:\/\/[^/]+\//, '')
          .split('/')
          .slice(0, 3)
          .join('/');
    counts.set(owner, (counts.get(owner) ?? 0) + 1);
  }
  return [...counts]
    .sort((a, b) => b[1] - a[1])
    .slice(0, 4)
    .map(([owner, n]) => `${owner} (${n})`)
    .join(', ');
}

const totals = {};
for (const step of steps.filter((candidate) => FIRST_SCREEN.includes(candidate.step))) {
  const part = step.step === 'sign in → dashboard' ? 'dashboard' : 'login';
  console.log(`\n${step.step}`);
  console.log(
    `${'file'.padEnd(58)} ${'wire'.padStart(7)} ${'raw'.padStart(7)} ${'gzip'.padStart(7)} ${'brotli'.padStart(7)}  who needs it`,
  );
  for (const resource of step.resources.filter((candidate) => !candidate.url.startsWith('/api/'))) {
    const file = fileOf(resource.url);
    // A file below the precompression threshold is sent as it is; the registry is counted on the wire only.
    const raw = file ? (size(file) ?? 0) : 0;
    const gzip = file ? (size(`${file}.gz`) ?? raw) : 0;
    const brotli = file ? (size(`${file}.br`) ?? raw) : 0;
    totals[part] ??= { files: 0, wire: 0, raw: 0, gzip: 0, brotli: 0 };
    const sum = totals[part];
    sum.files += 1;
    sum.wire += resource.bytes;
    sum.raw += raw;
    sum.gzip += gzip;
    sum.brotli += brotli;
    console.log(
      `${resource.url.padEnd(58)} ${String(resource.bytes).padStart(7)} ${String(raw).padStart(7)} ${String(gzip).padStart(7)} ${String(brotli).padStart(7)}  ${file ? owners(file) : '(written per request)'}`,
    );
  }
}
const all = { files: 0, wire: 0, raw: 0, gzip: 0, brotli: 0 };
for (const sum of Object.values(totals)) for (const key of Object.keys(all)) all[key] += sum[key];
console.log('\ntotals (bytes):');
console.table({ ...totals, 'login + dashboard': all });
