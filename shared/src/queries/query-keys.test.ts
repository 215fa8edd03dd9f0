import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { queryKeys } from './query-keys';

/**
 * The one query cache is shared by the host and every remote, so a key read by two fetchers can
 * hold two answer shapes (the class splits once did: an object in the people app, a list in the
 * timetable app, and whichever loaded first broke the other). These checks read the front-end
 * sources: every query names its key through `queryKeys`, and each key has one fetcher.
 */
const ROOT = path.resolve(__dirname, '../../..');
const APPS = ['host', 'remote-people', 'remote-timetable', 'remote-journal', 'remote-admin', 'shared'];

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (name === 'node_modules' || name === 'dist') return [];
    if (statSync(full).isDirectory()) return sources(full);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [full] : [];
  });
}

const files = APPS.flatMap((app) => sources(path.join(ROOT, app, 'src'))).map((file) => ({
  file: path.relative(ROOT, file),
  text: readFileSync(file, 'utf8'),
}));

/** Key factory (e.g. `queryKeys.groups.subgroups`) → the fetchers its queries call. */
function fetchersByKey(texts: readonly { file: string; text: string }[]): Map<string, Set<string>> {
  const found = new Map<string, Set<string>>();
  for (const { text } of texts) {
    for (const match of text.matchAll(
      /queryKey: (queryKeys\.[\w.]+)[\s\S]*?queryFn: (?:\([^)]*\) => )?(\w+)/g,
    )) {
      const [, key, fetcher] = match;
      found.set(key, (found.get(key) ?? new Set()).add(fetcher));
    }
  }
  return found;
}

describe('query keys', () => {
  it('are all built by the shared factories, never spelled inline', () => {
    const inline = files
      .filter(({ text }) => /queryKey: \[|setQueryData(<[^>]*>)?\(\[/.test(text))
      .map(({ file }) => file);
    expect(inline).toEqual([]);
  });

  it('have one fetcher each, so one key holds one answer shape', () => {
    const shared = [...fetchersByKey(files)].filter(([, fetchers]) => fetchers.size > 1);
    expect(shared.map(([key, fetchers]) => `${key}: ${[...fetchers].join(', ')}`)).toEqual([]);
    // The class splits: one fetcher, whose answer is the whole object.
    expect([...(fetchersByKey(files).get('queryKeys.groups.subgroups') ?? [])]).toEqual(['getSubgroups']);
  });

  it('tell two fetchers of one key apart (the check above can fail)', () => {
    const twoShapes = fetchersByKey([
      {
        file: 'a.ts',
        text: 'useQuery({ queryKey: queryKeys.groups.subgroups(id), queryFn: ({ signal }) => getSubgroups(id) })',
      },
      {
        file: 'b.ts',
        text: 'useQuery({ queryKey: queryKeys.groups.subgroups(id), queryFn: ({ signal }) => getClassSets(id) })',
      },
    ]);
    expect([...(twoShapes.get('queryKeys.groups.subgroups') ?? [])]).toEqual([
      'getSubgroups',
      'getClassSets',
    ]);
  });

  it('nest under their resource, so invalidating the resource reaches every key of it', () => {
    expect(queryKeys.groups.subgroups(5)).toEqual(['groups', 'subgroups', 5]);
    expect(queryKeys.groups.list(3).slice(0, 2)).toEqual(queryKeys.groups.lists);
    expect(queryKeys.students.list({ page: 1 }).slice(0, 2)).toEqual(queryKeys.students.lists);
    expect(queryKeys.journal.grid({ groupId: 1, loadId: 2 })).toEqual([
      'journal',
      'grid',
      { groupId: 1, loadId: 2, periodId: null },
    ]);
    expect(queryKeys.organizations.balanceTransactionsPage(4, 2).slice(0, 3)).toEqual(
      queryKeys.organizations.balanceTransactions(4),
    );
  });
});
