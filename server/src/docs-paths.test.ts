import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * The design documents cite the code by path and each other by heading; a newcomer trusts what they
 * read only if every cited path exists and every cited heading is there. This suite reads every page
 * (README, docs/ and its areas, each package's README) and fails on a dead one.
 */
const REPO = path.resolve(__dirname, '../..');
/** Where a path written without its package is looked up (`files/workbook.ts` means server/src/files/…). */
const BASES = [
  '',
  'server',
  'server/src',
  'server/src/modules',
  'shared',
  'shared/src',
  'host',
  'host/src',
  'remote-journal/src',
  'remote-people/src',
  'remote-timetable/src',
  'remote-admin/src',
  'e2e',
];

function pages(): string[] {
  const docs = path.join(REPO, 'docs');
  const inDocs = readdirSync(docs, { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.md'))
    .map((file) => path.join(docs, file));
  const readmes = ['README.md', 'server/README.md']
    .map((file) => path.join(REPO, file))
    .filter((file) => existsSync(file));
  return [...inDocs, ...readmes];
}

/** Names of what a build or a run writes, not sources: cited as what they are, never checked on disk. */
const GENERATED =
  /^(\.?\/?([\w-]+\/)?(dist|data|bench-results)(\/|$)|.*\b(mf-manifest\.json|remoteEntry\.js|main\.js|sw\.js|build-kind\.json)$)/;

/**
 * A backticked token that names a file or folder of ours: a path (a slash, no spaces) or a file name
 * with an extension we write. Left out: what a build writes, a package's subpath (`react/`), a module
 * federation expose (`./routes`), a suffix (`.sql.ts`), an assignment, SQL words (`LISTEN/NOTIFY`),
 * routes and globs.
 */
function citedPaths(text: string): string[] {
  return [...text.matchAll(/`([^`\s]+)`/g)]
    .map((match) => match[1].replace(/[.,;:)]+$/, '').replace(/:\d+(-\d+)?$/, ''))
    .filter((token) => /\.(ts|tsx|js|cjs|mjs|json|md|sql|sh)$/.test(token) || token.includes('/'))
    .filter((token) => !/[*{}<>|=(:,]/.test(token) && !/^(@|\/|\.\.\/shared)/.test(token))
    .filter((token) => !/^[A-Z_/]+$/.test(token) && !/^[a-z-]+\/$/.test(token))
    .filter((token) => !/^\.\/[\w-]+$/.test(token) && !/^\.[a-z]/.test(token))
    .filter((token) => !GENERATED.test(token));
}

const SKIP_DIRS = new Set(['node_modules', 'dist', '.artifacts', 'data', 'bench-results', '.git']);
function walk(dir: string, into: string[] = []): string[] {
  for (const entry of readdirSync(path.join(REPO, dir), { withFileTypes: true })) {
    if (SKIP_DIRS.has(entry.name)) continue;
    const relative = path.join(dir, entry.name);
    into.push(relative);
    if (entry.isDirectory()) walk(relative, into);
  }
  return into;
}

function existsIn(token: string): boolean {
  const clean = token.replace(/^\.\//, '').replace(/\/$/, '');
  // A bare file name: somewhere in the repository's sources.
  if (!clean.includes('/')) return allFiles().some((file) => path.basename(file) === clean);
  // A module cited without its extension (`test/helpers`) or a folder.
  return BASES.some((base) =>
    ['', '.ts', '.tsx', '/index.ts'].some((suffix) => existsSync(path.join(REPO, base, clean + suffix))),
  );
}

let files: string[] | undefined;
function allFiles(): string[] {
  files ??= walk('');
  return files;
}

function headings(text: string): string[] {
  return [...text.matchAll(/^#+\s+(.+)$/gm)].map((match) => match[1].trim());
}

describe('the design documents', () => {
  const all = pages();
  const everyHeading = all.flatMap((page) => headings(readFileSync(page, 'utf8')));

  it.each(all.map((page) => [path.relative(REPO, page), page]))(
    '%s cites only paths that exist',
    (_name, page) => {
      const dead = citedPaths(readFileSync(page, 'utf8')).filter((token) => !existsIn(token));
      expect(dead).toEqual([]);
    },
  );

  it.each(all.map((page) => [path.relative(REPO, page), page]))(
    '%s cites only headings that exist',
    (_name, page) => {
      const text = readFileSync(page, 'utf8');
      const cited = [...text.matchAll(/\b[Ss]ee (?:also )?[«"]([^»"]+)[»"]/g)].map((match) => match[1]);
      expect(cited.filter((heading) => !everyHeading.some((one) => one.startsWith(heading)))).toEqual([]);
    },
  );

  it('keeps the architecture page readable in one sitting', () => {
    const lines = readFileSync(path.join(REPO, 'docs/ARCHITECTURE.md'), 'utf8').trimEnd().split('\n').length;
    expect(lines).toBeLessThanOrEqual(250);
  });
});
