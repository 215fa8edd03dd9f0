/**
 * Crash safety and backup, on the embedded PGlite and on PostgreSQL, with the server as a real
 * process: teachers save cells, the server is killed with SIGKILL in the middle of it, and started
 * again on the same data. Every save that was answered 2xx before the kill must be there, and no cell
 * may be half-written (marks without their cell version or audit row, or the reverse). Then a backup
 * (a copy of the stopped PGlite folder, or pg_dump of the running PostgreSQL database) is restored
 * into an empty place and started, and every journal answers the same.
 */
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Client } from 'pg';
import { TEST_DATABASE } from '../test/helpers';
import { createSeededPostgresDatabase, http, type ServerProcess, startServer } from '../test/processes';
import { openDatabase } from './db/client';
import { DATA_DIR_MARK, UNCLEAN_STOP_MESSAGE } from './db/unclean-stop';

type Cell = { lesson_id: number; student_id: number };
type Query = (text: string, params?: unknown[]) => Promise<Record<string, unknown>[]>;

const LOAD_MS = 6000;
const WORKERS = 6;

async function signIn(port: number, login: string): Promise<string> {
  const answer = await http(port, 'POST', '/api/auth/login', { body: { login, password: 'parta2026' } });
  if (answer.status !== 200) throw new Error(`sign-in ${login}: ${answer.status} ${answer.body}`);
  return answer.json().data.token;
}

/** Every journal the zavuch may open: its path, and the cells not saved yet in the editable ones. */
async function journals(port: number, token: string) {
  const index = await http(port, 'GET', '/api/journal', { token });
  const paths: string[] = [];
  const empty: Cell[] = [];
  for (const load of index.json().data.loads) {
    const gridPath = `/api/journal/${load.group_id}/${load.id}`;
    paths.push(gridPath);
    if (load.subgroup_id !== null || empty.length > 5000) continue;
    const grid = (await http(port, 'GET', gridPath, { token })).json().data;
    if (!grid.editable) continue;
    const saved = new Set(grid.cells.map((cell: Cell) => `${cell.lesson_id}|${cell.student_id}`));
    for (const lesson of grid.lessons)
      for (const student of grid.students)
        if (!saved.has(`${lesson.id}|${student.id}`))
          empty.push({ lesson_id: lesson.id, student_id: student.id });
  }
  return { paths, empty };
}

/**
 * What every journal answers, one fingerprint per journal (for "answers identically"): the status and
 * the body, with the cells in a fixed order (the API sends them in whatever order the database reads).
 */
async function everyJournal(port: number, token: string, paths: string[]): Promise<string[]> {
  const answers: string[] = [];
  for (const gridPath of paths) {
    const answer = await http(port, 'GET', gridPath, { token });
    const body = answer.json();
    body.data?.cells?.sort((a: Cell, b: Cell) => a.lesson_id - b.lesson_id || a.student_id - b.student_id);
    const digest = createHash('sha1').update(JSON.stringify(body)).digest('hex');
    answers.push(`${gridPath} ${answer.status} ${digest}`);
  }
  return answers;
}

/**
 * Saves empty cells (version 0, so every acknowledged save is a real write) from `WORKERS`
 * connections until `kill` is called; answers the cells sent and those acknowledged 2xx.
 */
function saveLoad(port: number, token: string, pool: Cell[]) {
  const sent: Cell[] = [];
  const acknowledged: Cell[] = [];
  let stopped = false;
  let next = 0;
  const worker = async () => {
    while (!stopped && next < pool.length) {
      const cell = pool[next++];
      sent.push(cell);
      const answer = await http(
        port,
        'PUT',
        `/api/journal/lessons/${cell.lesson_id}/students/${cell.student_id}`,
        {
          token,
          body: { grades: [{ value: 4 }], attendance: null, version: 0 },
        },
      ).catch(() => undefined);
      if (answer && answer.status >= 200 && answer.status < 300) acknowledged.push(cell);
    }
  };
  const running = Promise.all(Array.from({ length: WORKERS }, worker));
  return {
    sent,
    acknowledged,
    stop: async () => {
      stopped = true;
      await running;
    },
  };
}

/** How the sent cells stand in the database: acknowledged ones found whole, and half-written ones. */
async function inspect(query: Query, sent: Cell[], acknowledged: Cell[]) {
  const [found] = await query(
    `select count(*)::int as n
       from (select distinct lesson_id, student_id from json_to_recordset($1::json) as k(lesson_id int, student_id int)) k
      where exists (select 1 from journal_cells c where c.lesson_id = k.lesson_id and c.student_id = k.student_id and c.version = 1)
        and (select count(*) from marks m where m.lesson_id = k.lesson_id and m.student_id = k.student_id and m.value::text = '4') = 1
        and exists (select 1 from mark_audit a where a.entity = 'mark' and a.lesson_id = k.lesson_id and a.student_id = k.student_id)`,
    [JSON.stringify(acknowledged)],
  );
  // Of everything sent: a cell is either untouched (no version, no mark, no audit row) or whole.
  const [half] = await query(
    `select count(*)::int as n
       from (select distinct lesson_id, student_id from json_to_recordset($1::json) as k(lesson_id int, student_id int)) k
      cross join lateral (select
          exists (select 1 from journal_cells c where c.lesson_id = k.lesson_id and c.student_id = k.student_id) as versioned,
          exists (select 1 from marks m where m.lesson_id = k.lesson_id and m.student_id = k.student_id) as marked,
          exists (select 1 from mark_audit a where a.entity = 'mark' and a.lesson_id = k.lesson_id and a.student_id = k.student_id) as audited) s
      where not ((s.versioned and s.marked and s.audited) or not (s.versioned or s.marked or s.audited))`,
    [JSON.stringify(sent)],
  );
  return {
    found: Number(found.n),
    expected: new Set(acknowledged.map((cell) => `${cell.lesson_id}|${cell.student_id}`)).size,
    halfWritten: Number(half.n),
  };
}

async function killNine(server: ServerProcess) {
  server.child.kill('SIGKILL');
  expect(await server.exited).toBe('SIGKILL');
}

if (TEST_DATABASE === 'pglite') {
  describe('PGlite: kill -9 under cell saves, restart, folder copy as backup', () => {
    let folder = '';
    let dataDir = '';

    beforeAll(async () => {
      folder = mkdtempSync(path.join(tmpdir(), 'parta-crash-'));
      dataDir = path.join(folder, 'data');
      // The seeded test database, unpacked into a folder as `pnpm start` would leave it.
      const template = process.env.PARTA_PGLITE_TEMPLATE;
      if (!template || !existsSync(template)) throw new Error('the seeded PGlite template is missing');
      const handle = await openDatabase({ dataDir, loadDataDir: new Blob([readFileSync(template)]) });
      await handle.close();
    }, 120_000);

    afterAll(() => {
      if (folder) rmSync(folder, { recursive: true, force: true });
    });

    const queryFolder = async (dir: string, task: (query: Query) => Promise<void>) => {
      const handle = await openDatabase({ dataDir: dir });
      const client = (
        handle.db as unknown as {
          $client: { query(text: string, params?: unknown[]): Promise<{ rows: Record<string, unknown>[] }> };
        }
      ).$client;
      try {
        await task(async (text, params) => (await client.query(text, params)).rows);
      } finally {
        await handle.close();
      }
    };

    it('keeps every acknowledged save and no half-written cell, and says the last stop was unclean', async () => {
      const first = await startServer({ PARTA_DATA_DIR: dataDir });
      expect(first.output()).not.toContain(UNCLEAN_STOP_MESSAGE);
      const token = await signIn(first.port, 'zavuch');
      const { empty } = await journals(first.port, token);
      expect(empty.length).toBeGreaterThan(100);
      const load = saveLoad(first.port, token, empty);
      await new Promise((resolve) => setTimeout(resolve, LOAD_MS));
      await killNine(first);
      await load.stop();
      expect(load.acknowledged.length).toBeGreaterThan(20);

      const second = await startServer({ PARTA_DATA_DIR: dataDir });
      expect(second.output()).toContain(UNCLEAN_STOP_MESSAGE);
      // The restarted server answers the acknowledged cells as saved.
      const again = await signIn(second.port, 'zavuch');
      const { empty: stillEmpty } = await journals(second.port, again);
      const stillEmptyKeys = new Set(stillEmpty.map((cell) => `${cell.lesson_id}|${cell.student_id}`));
      expect(
        load.acknowledged.filter((cell) => stillEmptyKeys.has(`${cell.lesson_id}|${cell.student_id}`)),
      ).toEqual([]);
      await second.stop();

      await queryFolder(dataDir, async (query) => {
        const state = await inspect(query, load.sent, load.acknowledged);
        console.log(
          `PGlite kill -9: sent ${load.sent.length}, acknowledged ${state.expected}, found ${state.found}, half-written ${state.halfWritten}`,
        );
        expect(state.found).toBe(state.expected);
        expect(state.halfWritten).toBe(0);
      });

      // A clean stop leaves no warning behind.
      const third = await startServer({ PARTA_DATA_DIR: dataDir });
      expect(third.output()).not.toContain(UNCLEAN_STOP_MESSAGE);
      await third.stop();
    }, 300_000);

    it('restores a copy of the stopped folder into an empty place, and every journal answers the same', async () => {
      const original = await startServer({ PARTA_DATA_DIR: dataDir });
      const token = await signIn(original.port, 'zavuch');
      const { paths } = await journals(original.port, token);
      const before = await everyJournal(original.port, token, paths);
      await original.stop();

      const restored = path.join(folder, 'restored');
      cpSync(dataDir, restored, { recursive: true });
      const copy = await startServer({ PARTA_DATA_DIR: restored });
      const copyToken = await signIn(copy.port, 'zavuch');
      expect(await everyJournal(copy.port, copyToken, paths)).toEqual(before);
      await copy.stop();
    }, 300_000);

    it('leaves no crash warning behind a start that failed after opening the folder (its port taken)', async () => {
      // Something else holds the port: it takes connections and drops them, never answering health.
      const holder = createServer((socket) => socket.destroy());
      const port = await new Promise<number>((resolve) =>
        holder.listen(0, '127.0.0.1', () => resolve((holder.address() as { port: number }).port)),
      );
      try {
        await expect(startServer({ PARTA_DATA_DIR: dataDir }, 120_000, port)).rejects.toThrow(
          /exited before it was healthy[\s\S]*EADDRINUSE/,
        );
      } finally {
        await new Promise((resolve) => holder.close(resolve));
      }
      expect(existsSync(path.join(dataDir, DATA_DIR_MARK))).toBe(false);
      const next = await startServer({ PARTA_DATA_DIR: dataDir });
      expect(next.output()).not.toContain(UNCLEAN_STOP_MESSAGE);
      await next.stop();
    }, 300_000);
  });
}

if (TEST_DATABASE === 'postgres') {
  describe('PostgreSQL: kill -9 under cell saves, restart, pg_dump as backup', () => {
    let database: Awaited<ReturnType<typeof createSeededPostgresDatabase>>;
    let restored: { url: string; drop(): Promise<void> } | undefined;

    beforeAll(async () => {
      database = await createSeededPostgresDatabase();
    }, 120_000);

    afterAll(async () => {
      await database?.drop();
      await restored?.drop();
    }, 60_000);

    const queryDatabase = async (url: string, task: (query: Query) => Promise<void>) => {
      const client = new Client({ connectionString: url });
      await client.connect();
      try {
        await task(async (text, params) => (await client.query(text, params)).rows);
      } finally {
        await client.end();
      }
    };

    it('keeps every acknowledged save and no half-written cell', async () => {
      const first = await startServer({ DATABASE_URL: database.url });
      const token = await signIn(first.port, 'zavuch');
      const { empty } = await journals(first.port, token);
      const load = saveLoad(first.port, token, empty);
      await new Promise((resolve) => setTimeout(resolve, LOAD_MS));
      await killNine(first);
      await load.stop();
      expect(load.acknowledged.length).toBeGreaterThan(20);

      const second = await startServer({ DATABASE_URL: database.url });
      await queryDatabase(database.url, async (query) => {
        const state = await inspect(query, load.sent, load.acknowledged);
        console.log(
          `PostgreSQL kill -9: sent ${load.sent.length}, acknowledged ${state.expected}, found ${state.found}, half-written ${state.halfWritten}`,
        );
        expect(state.found).toBe(state.expected);
        expect(state.halfWritten).toBe(0);
      });
      await second.stop();
    }, 300_000);

    it('restores pg_dump of the running database into an empty one, and every journal answers the same', async () => {
      const running = await startServer({ DATABASE_URL: database.url });
      const token = await signIn(running.port, 'zavuch');
      const { paths } = await journals(running.port, token);
      const before = await everyJournal(running.port, token, paths);

      const folder = mkdtempSync(path.join(tmpdir(), 'parta-dump-'));
      const dumpFile = path.join(folder, 'parta.dump');
      try {
        // The documented backup: a custom-format dump taken while the server runs.
        execFileSync('pg_dump', ['--format=custom', '--no-owner', `--file=${dumpFile}`, database.url]);
        const target = await emptyDatabase();
        restored = target;
        execFileSync('pg_restore', ['--no-owner', '--exit-on-error', `--dbname=${target.url}`, dumpFile]);
      } finally {
        rmSync(folder, { recursive: true, force: true });
      }
      await running.stop();

      const copy = await startServer({ DATABASE_URL: restored.url });
      const copyToken = await signIn(copy.port, 'zavuch');
      expect(await everyJournal(copy.port, copyToken, paths)).toEqual(before);
      await copy.stop();
    }, 300_000);
  });
}

/** An empty database on the DATABASE_URL server (dropped like the seeded ones). */
async function emptyDatabase() {
  const serverUrl = process.env.DATABASE_URL as string;
  const name = `parta_restore_${process.pid}_${Date.now().toString(36)}`;
  const admin = new Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const dropper = new Client({ connectionString: serverUrl });
      await dropper.connect();
      await dropper.query(`drop database if exists ${name} with (force)`);
      await dropper.end();
    },
  };
}
