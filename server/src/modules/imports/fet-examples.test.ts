import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { XMLParser } from 'fast-xml-parser';
import type { FastifyInstance } from 'fastify';
import { call, createTestApp, loginAs } from '../../../test/helpers';
import { importFile, newSchool } from '../../../test/move-in';
import { GENERATION_JOB } from '../timetable-generator/generator.service';
import { IMPORT_JOB } from './imports.service';

/**
 * FET's own example files (Debian's fet-data, installed by .ci/run) imported into new, empty schools:
 * the load's hours are the file's active activities' durations, the teachers and subjects are the
 * file's, a second import changes nothing, and Parta's generator times the imported school with no
 * hard violation by its own check.
 */

/**
 * Schools whose years are their classes and whose weeks fit СанПиН's limits for those grades (the
 * generator refuses more): Parta's generator checks what FET's own files do not.
 */
const EXAMPLES = [
  'FET-5-official/Brazil/3/ACHILES-MANHA.fet',
  'FET-5-official/Brazil/1/Brazil.fet',
  'FET-5-official/Brazil/1/Brazil-more-difficult.fet',
];

function fetDataFile(relative: string): string {
  const files = execFileSync('dpkg', ['-L', 'fet-data'], { encoding: 'utf8' }).split('\n');
  const found = files.find((f) => f.endsWith(`/examples/${relative}`));
  if (!found) throw new Error(`fet-data has no ${relative} (apt-get install fet-data)`);
  return found;
}

type Node = Record<string, unknown>;
const many = (x: unknown): unknown[] => (x === undefined ? [] : Array.isArray(x) ? x : [x]);
const names = (list: unknown, key: string) =>
  many((list as Node | undefined)?.[key]).map((item) => String((item as Node).Name).trim());

/** What the file says, read here on its own: teachers, subjects, and the active activities' hours. */
function expected(xml: string) {
  const fet = (new XMLParser({ parseTagValue: false, processEntities: false }).parse(xml) as { fet: Node })
    .fet;
  let hours = 0;
  for (const a of many((fet.Activities_List as Node).Activity) as Node[]) {
    if (String(a.Active ?? 'true') !== 'true') continue;
    const students = new Set(many(a.Students).map((s) => String(s).trim()));
    hours += Number(a.Duration) * students.size;
  }
  return {
    teachers: names(fet.Teachers_List, 'Teacher'),
    subjects: names(fet.Subjects_List, 'Subject'),
    hours,
  };
}

let app: FastifyInstance;
let admin: string;

beforeAll(async () => {
  app = await createTestApp({
    queue: { concurrency: { [IMPORT_JOB]: 1, [GENERATION_JOB]: 1 }, pollingSeconds: 0.5, maintenance: false },
  });
  admin = await loginAs(app, 'admin');
}, 120_000);
afterAll(async () => {
  await app.close();
});

async function rows<T>(query: string, params: unknown[]): Promise<T[]> {
  return (await app.dbHandle.executeSql(query, params)).rows as T[];
}

describe.each(EXAMPLES)('FET example %s', (example) => {
  const xml = readFileSync(fetDataFile(example), 'utf8');
  const file = expected(xml);
  let school: { token: string; organizationId: number };

  beforeAll(async () => {
    school = await newSchool(app, admin);
  }, 60_000);

  it('imports into an empty school: the hours, the teachers and the subjects are the file’s', async () => {
    const { done } = await importFile(app, school.token, xml, example.split('/').pop());
    expect(done.status).toBe('done');
    const [{ hours }] = await rows<{ hours: number }>(
      'select coalesce(sum(hours_per_week), 0)::float as hours from loads where organization_id = $1',
      [school.organizationId],
    );
    expect(hours).toBe(file.hours);
    const staff = await rows<{ surname: string; name: string }>(
      `select u.surname, u.name from users u join user_roles ur on ur.user_id = u.id join roles r on r.id = ur.role_id
        where u.organization_id = $1 and r.code = 'teacher'`,
      [school.organizationId],
    );
    const imported = staff.map((u) => (u.surname === u.name ? u.surname : `${u.surname} ${u.name}`));
    expect(imported.sort()).toEqual(file.teachers.map((t) => t.replace(/\s+/g, ' ')).sort());
    const subjects = await rows<{ name: string }>('select name from subjects where organization_id = $1', [
      school.organizationId,
    ]);
    expect(subjects.map((s) => s.name).sort()).toEqual([...new Set(file.subjects)].sort());
  }, 120_000);

  it('a second import changes nothing', async () => {
    const { preview, done } = await importFile(app, school.token, xml, example.split('/').pop());
    expect(preview.counts.loads.new).toBe(0);
    expect(done.result).toEqual({ created: {}, updated: {} });
  }, 120_000);

  it('the generator times the imported school with no hard violation', async () => {
    const started = await call(app, school.token, 'POST', '/api/timetable/generations', {
      time_limit_seconds: 30,
      stop_at_first_valid: true,
      // The file's own rules say nothing of these two; they are Parta's defaults for a Russian school.
      class_no_gaps: false,
      class_first_lesson: false,
    });
    expect(started.statusCode).toBe(201);
    const id = started.json().data.id;
    let state: { status: string; hard_violations: number; reasons: string[] };
    for (;;) {
      state = (await call(app, school.token, 'GET', `/api/timetable/generations/${id}`)).json().data;
      if (state.status !== 'queued' && state.status !== 'running') break;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    expect(state.reasons).toEqual([]);
    expect(state.status).toBe('done');
    expect(state.hard_violations).toBe(0);
  }, 120_000);
});
