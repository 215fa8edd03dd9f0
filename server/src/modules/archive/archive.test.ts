import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  ARCHIVE_TAMPERED_MESSAGE,
  type ArchiveBuild,
  archiveRegisterSchema,
} from '@parta/shared/domain/contracts/archive';
import type { Period } from '@parta/shared/domain/contracts/timetable';
import { addDays } from '@parta/shared/domain/timetable';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { unzipSync } from 'fflate';
import { call, createTestApp, loginAs } from '../../../test/helpers';
import { rowsOf } from '../../db/rows';
import {
  archiveBuilds,
  archiveFiles,
  classes,
  extracurricularSessions,
  periods as periodsTable,
  students,
  users,
} from '../../db/schema';
import * as offThread from '../../queue/off-thread';
import { RUN_SWEEP_INTERVAL_MS as SWEEP_INTERVAL_MS, sweepStaleRuns } from '../../queue/runs';
import { archiveJob, childDatabase } from './archive.jobs';
import { ARCHIVE_RUN } from './archive.repository';
import { runBuild } from './archive-build';
import { sentence } from './archive-document';

/** Builds started in a child process (queue/off-thread.ts `startProcess`): the isolated path really ran. */
const childBuilds = jest.spyOn(offThread, 'startProcess');
const sweepStaleBuilds = (db: FastifyInstance['db']) => sweepStaleRuns(db, ARCHIVE_RUN);

/**
 * «Архив года» (issue 40) of the demo school, built by the real queue's worker: the PDFs carry the
 * journal (pupils, marks, topics), the attendance totals and the summary of final marks; the
 * register's checksums are the bytes'; a rebuild adds rows; a tampered row is never served; only
 * the director, the завуч and a class teacher (their class) reach it, never another school.
 */

let app: FastifyInstance;
const tokens: Record<string, string> = {};
let year: Period;
let closedTerm: Period;
let openTerm: Period | undefined;
let class5aId: number;
let firstBuild: ArchiveBuild;
let workDir: string;
const SMALL_SCHOOL_GRADES = [1, 5];
let smallSchoolClasses: number;
/** A course of внеурочная деятельность with three sessions in the closed term: its own file. */
const COURSE_NAME = 'Юный шахматист';
let courseId: number;

/**
 * «Юный шахматист» for three pupils of 5А, led by the demo teacher, with three sessions dated in the
 * closed term (the schedule lays sessions from today on, so the test dates them itself) and the
 * teacher's marks and topics saved through the course journal's routes.
 */
async function courseInClosedTerm(): Promise<number> {
  const [teacher] = await app.db.select({ id: users.id }).from(users).where(eq(users.login, 'teacher'));
  const pupils = await app.db
    .select({ id: students.id })
    .from(students)
    .where(eq(students.classId, class5aId))
    .orderBy(students.surname, students.name)
    .limit(3);
  const created = await call(app, tokens.zavuch, 'POST', '/api/extracurricular/courses', {
    name: COURSE_NAME,
    direction: 'Общеинтеллектуальное',
    teacher_id: teacher.id,
    hours_per_week: 1,
    student_ids: pupils.map((pupil) => pupil.id),
  });
  expect(created.statusCode).toBe(201);
  const course = created.json().data as { id: number; organization_id: number };
  const dates = [
    closedTerm.start_date,
    addDays(closedTerm.start_date, 7),
    addDays(closedTerm.start_date, 14),
  ];
  const sessions = await app.db
    .insert(extracurricularSessions)
    .values(
      dates.map((date) => ({
        organizationId: course.organization_id,
        courseId: course.id,
        date,
        startTime: '15:00',
        endTime: '15:45',
        room: 'Каб. 12',
      })),
    )
    .returning({ id: extracurricularSessions.id });
  const mark = async (session: number, pupil: number, present: boolean, excused = false) => {
    const url = `/api/extracurricular/sessions/${session}/students/${pupil}`;
    const saved = await call(app, tokens.teacher, 'PUT', url, { present, excused, version: 0 });
    expect(saved.statusCode).toBe(200);
  };
  await mark(sessions[0].id, pupils[0].id, true);
  await mark(sessions[0].id, pupils[1].id, false);
  await mark(sessions[1].id, pupils[1].id, false, true);
  const topic = await call(app, tokens.teacher, 'PUT', `/api/extracurricular/sessions/${sessions[0].id}`, {
    topic: 'Дебют: развитие фигур',
  });
  expect(topic.statusCode).toBe(200);
  return course.id;
}

const pdfText = (bytes: Buffer, name = 'file.pdf') => {
  const file = path.join(workDir, name);
  writeFileSync(file, bytes);
  return execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
};
const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

async function register(token: string, periodId = closedTerm.id) {
  const response = await call(app, token, 'GET', `/api/archive?period_id=${periodId}`);
  expect(response.statusCode).toBe(200);
  return archiveRegisterSchema.parse(response.json()).data;
}

async function waitForBuild(id: number, timeoutMs = 240_000): Promise<ArchiveBuild> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const response = await call(app, tokens.director, 'GET', `/api/archive/builds/${id}`);
    expect(response.statusCode).toBe(200);
    const build = response.json().data as ArchiveBuild;
    if (build.status === 'done' || build.status === 'failed' || Date.now() > until) return build;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

async function download(token: string, id: number) {
  return app.inject({
    method: 'GET',
    url: `/api/archive/files/${id}`,
    headers: { authorization: `Bearer ${token}` },
  });
}

beforeAll(async () => {
  app = await createTestApp();
  workDir = mkdtempSync(path.join(tmpdir(), 'parta-archive-'));
  for (const login of ['director', 'zavuch', 'teacher', 'director2', 'student'])
    tokens[login] = await loginAs(app, login);
  const periods = (await call(app, tokens.director, 'GET', '/api/periods')).json().data as Period[];
  year = periods.find((period) => period.kind === 'year' && period.grades.includes(5))!;
  closedTerm = periods.find(
    (period) => period.kind !== 'year' && period.closed && period.grades.includes(5),
  )!;
  openTerm = periods.find((period) => period.kind !== 'year' && !period.closed);
  // A small school's worth of classes: a build prints the classes of its period's grades, so the
  // closed term narrowed to grades 1 and 5 makes each of the suite's builds a handful of classes, not
  // the demo's 26 (the layout, the register and the queue are the same for any number).
  await app.db
    .update(periodsTable)
    .set({ grades: SMALL_SCHOOL_GRADES })
    .where(eq(periodsTable.id, closedTerm.id));
  closedTerm = { ...closedTerm, grades: SMALL_SCHOOL_GRADES };
  smallSchoolClasses = (
    await app.db
      .select({ id: classes.id })
      .from(classes)
      .where(
        and(
          eq(classes.organizationId, year.organization_id),
          eq(classes.academicYear, year.academic_year),
          inArray(classes.number, SMALL_SCHOOL_GRADES),
        ),
      )
  ).length;
  const [class5a] = await app.db
    .select({ id: classes.id })
    .from(classes)
    .innerJoin(users, eq(users.id, classes.managerId))
    .where(and(eq(users.login, 'teacher'), eq(classes.number, 5), eq(classes.letter, 'А')));
  class5aId = class5a.id;
  // A teacher who leads no class: a plain subject teacher of the same school.
  const [plain] = await rowsOf<{ login: string }>(
    app.db,
    sql`select u.login from users u
         join user_roles ur on ur.user_id = u.id join roles r on r.id = ur.role_id and r.code = 'teacher'
        where u.organization_id = (select organization_id from users where login = 'teacher')
          and not exists (select 1 from classes c where c.manager_id = u.id)
        order by u.id limit 1`,
  );
  tokens.plainTeacher = await loginAs(app, plain.login);
  courseId = await courseInClosedTerm();
}, 120_000);

afterAll(async () => {
  await app.close();
  rmSync(workDir, { recursive: true, force: true });
});

// The demo school's closed I четверть: the same build as the year's (one code path for any closed
// period) at a quarter of its pages, so the suite stays short on both databases.
describe('building the archive of a closed term of the demo school', () => {
  it('queues one build per school, builds every class in the background and lists the files', async () => {
    const started = Date.now();
    const response = await call(app, tokens.director, 'POST', '/api/archive/builds', {
      period_id: closedTerm.id,
    });
    expect(response.statusCode).toBe(202);
    const queued = response.json().data as ArchiveBuild;
    // Every class of the period's grades, and the course that held sessions in it.
    expect(queued.total).toBe(smallSchoolClasses + 1);
    expect(queued.total).toBeGreaterThan(2);
    const again = await call(app, tokens.zavuch, 'POST', '/api/archive/builds', { period_id: year.id });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toMatch(/уже формируется/);

    firstBuild = await waitForBuild(queued.id);
    expect(firstBuild).toMatchObject({
      status: 'done',
      error: null,
      done: queued.total,
      total: queued.total,
    });
    // Measured on the demo school (README of the archive: extrapolated to a 30-class school).
    console.info(`archive of ${queued.total} classes: ${((Date.now() - started) / 1000).toFixed(1)} s`);

    const listed = await register(tokens.director);
    expect(listed.build?.id).toBe(firstBuild.id);
    expect(listed.files).toHaveLength(queued.total);
    expect(listed.files.map((file) => file.group_name)).toContain('5А');
    expect(listed.files.filter((file) => file.course_id === courseId)).toMatchObject([
      { group_id: null, group_name: COURSE_NAME },
    ]);
  }, 300_000);

  it('prints each course of внеурочная деятельность as its own journal: cover, pupils × sessions, topics', async () => {
    const { files } = await register(tokens.director);
    const file = files.find((item) => item.course_id === courseId)!;
    expect(file.title).toBe(
      `Журнал внеурочной деятельности «${COURSE_NAME}», ${closedTerm.name}, ${closedTerm.academic_year} учебный год`,
    );
    expect(file.file_name).toMatch(/^Внеурочная Юный шахматист .+\.pdf$/);
    const text = (await pdfText((await download(tokens.director, file.id)).rawPayload)).replace(/\s+/g, ' ');
    expect(text).toContain(`Журнал внеурочной деятельности «${COURSE_NAME}»`);
    expect(text).toContain('Направление: Общеинтеллектуальное');
    expect(text).toContain('Учеников: 3, занятий: 3');
    expect(text).toContain('Посещаемость занятий');
    expect(text).toContain('Дебют: развитие фигур');
    expect(text).toContain('Каб. 12');
    // One pupil came once, one missed twice (once excused): «✓», «н», «у», and the counts.
    expect(text).toMatch(/1\. \S+ \S+.*\(5А\) ✓ 1 0/);
    expect(text).toMatch(/2\. \S+ \S+.*\(5А\) н у 0 2/);
  });

  it('prints the journal of 5А: title page, pupils, marks, topics, attendance totals and final marks', async () => {
    const file = (await register(tokens.director)).files.find((item) => item.group_id === class5aId)!;
    const response = await download(tokens.director, file.id);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    const bytes = response.rawPayload;
    expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
    // PDF/A-2b: the identification in the XMP metadata.
    expect(bytes.includes('pdfaid:part')).toBe(true);
    const text = pdfText(bytes, '5a.pdf');

    expect(text).toContain('Классный журнал 5А класса');
    expect(text).toContain(`${year.academic_year} учебный год`);
    expect(text).toContain('Классный руководитель: Лебедева Ольга Николаевна');
    expect(text).toMatch(new RegExp(`стр\\. 1 из ${file.pages}`));
    expect(text).toContain(`стр. ${file.pages} из ${file.pages}`);

    // Every active pupil of 5А, by full name.
    const pupils = await rowsOf<{ surname: string; name: string }>(
      app.db,
      sql`select surname, name from students where class_id = ${class5aId} and status = 'active'`,
    );
    for (const pupil of pupils) expect(text).toContain(`${pupil.surname} ${pupil.name}`);

    // A held lesson's topic and a pupil's grade of it.
    const [lesson] = await rowsOf<{ topic: string; surname: string; value: number; date: string }>(
      app.db,
      sql`select l.topic, s.surname, m.value, to_char(l.date, 'DD.MM') as date
            from lessons l join marks m on m.lesson_id = l.id join students s on s.id = m.student_id
           where l.class_id = ${class5aId} and l.topic is not null and length(l.topic) < 40
           order by l.date, l.id limit 1`,
    );
    expect(text).toContain(lesson.topic);
    expect(text).toContain(lesson.date);
    expect(text).toMatch(/Средний/);

    // The summary: a confirmed final mark of the closed term appears in its pupil's row.
    expect(text).toContain('Сводная ведомость итоговых оценок');
    expect(text).toContain('Итоги посещаемости');
    const [final] = await rowsOf<{ surname: string; name: string; value: string }>(
      app.db,
      sql`select s.surname, s.name, f.value from final_marks f join students s on s.id = f.student_id
           where s.class_id = ${class5aId} and f.period_id = ${closedTerm.id} order by s.surname, s.name limit 1`,
    );
    const summary = text.slice(text.indexOf('Сводная ведомость итоговых оценок'));
    const row = summary.split('\n').find((line) => line.includes(`${final.surname} ${final.name}`))!;
    expect(row).toMatch(new RegExp(`\\s${final.value}(\\s|$)`));
    // A term's summary has one column a subject: a name too long for it is headed by the subject's
    // short name, and the legend under the grid spells each one out (never a name cut mid-word).
    const flat = summary.replace(/\s+/g, ' ');
    expect(flat).toMatch(/Сокращения: .*Матем\. — Математика/);
    expect(flat).not.toMatch(/Музык а/);
  }, 60_000);

  it('reads «без отметок» in grade 1, where no subject takes marks', async () => {
    const file = (await register(tokens.director)).files.find((item) => item.group_name === '1А')!;
    const text = pdfText((await download(tokens.director, file.id)).rawPayload, '1a.pdf');
    expect(text).toContain('Предмет ведётся без отметок');
    // The summary marks every subject of grade 1 «б/о», and its legend says what that means.
    const summary = text.slice(text.indexOf('Сводная ведомость итоговых оценок'));
    expect(summary).toMatch(/\d+\. \S+ \S+ \S+\s+б\/о(\s+б\/о)+/);
    expect(summary).toContain('«б/о» — предмет ведётся без отметок');
  });

  it("keeps each file's SHA-256 and size in the register, as the bytes served", async () => {
    const { files } = await register(tokens.director);
    for (const file of files.slice(0, 5)) {
      const bytes = (await download(tokens.zavuch, file.id)).rawPayload;
      expect(bytes.length).toBe(file.size);
      expect(sha256(bytes)).toBe(file.sha256);
    }
  });

  it('zips the latest file of every class with a SHA256SUMS list', async () => {
    const response = await app.inject({
      method: 'GET',
      url: `/api/archive/zip?period_id=${closedTerm.id}`,
      headers: { authorization: `Bearer ${tokens.director}` },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/zip');
    const entries = unzipSync(new Uint8Array(response.rawPayload));
    const { files } = await register(tokens.director);
    expect(Object.keys(entries)).toHaveLength(files.length + 1);
    const sums = Buffer.from(entries['SHA256SUMS.txt']).toString('utf8');
    for (const file of files) {
      expect(sha256(entries[file.file_name])).toBe(file.sha256);
      expect(sums).toContain(`${file.sha256}  ${file.file_name}`);
    }
  });

  it('adds new register rows on a rebuild and never overwrites', async () => {
    const before = await register(tokens.director);
    const again = await call(app, tokens.zavuch, 'POST', '/api/archive/builds', { period_id: closedTerm.id });
    expect(again.statusCode).toBe(202);
    expect((await waitForBuild(again.json().data.id)).status).toBe('done');
    const term = await register(tokens.director);
    const of5a = term.files.filter((file) => file.group_id === class5aId);
    expect(of5a).toHaveLength(2);
    expect(new Set(of5a.map((file) => file.id)).size).toBe(2);
    expect(of5a[0].title).toContain(closedTerm.name);
    // Every earlier row is still there, as it was.
    for (const file of before.files) expect(term.files).toContainEqual(file);
  }, 300_000);

  it('refuses a file whose stored bytes no longer match the register, with a Russian message', async () => {
    const { files } = await register(tokens.director);
    const victim = files.find((file) => file.group_id === class5aId)!;
    await app.db
      .update(archiveFiles)
      .set({ content: sql`overlay(${archiveFiles.content} placing '\\x00'::bytea from 200)` })
      .where(eq(archiveFiles.id, victim.id));
    const response = await download(tokens.director, victim.id);
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe(ARCHIVE_TAMPERED_MESSAGE);
    const zip = await call(app, tokens.director, 'GET', `/api/archive/zip?period_id=${closedTerm.id}`);
    expect(zip.statusCode).toBe(409);
    // Another class's file is still served.
    const other = files.find((file) => file.group_id !== class5aId)!;
    expect((await download(tokens.director, other.id)).statusCode).toBe(200);
  });
});

// PostgreSQL builds in a low-priority child process (archive-child.ts), PGlite in the API's process:
// the child's files are the in-process build's, page for page and word for word, and stopping the
// queue ends the child and fails its build.
describe('where the build runs', () => {
  const director = async () =>
    (await app.db.select({ id: users.id }).from(users).where(eq(users.login, 'director')))[0].id;
  const queuedBuild = async (periodId: number, total: number) => {
    const [row] = await app.db
      .insert(archiveBuilds)
      .values({
        organizationId: year.organization_id,
        periodId,
        total,
        createdBy: await director(),
        status: 'queued',
      })
      .returning({ id: archiveBuilds.id });
    return row.id;
  };
  const filesOf = (buildId: number) =>
    register(tokens.director).then(({ files }) => files.filter((file) => file.build_id === buildId));

  it('builds on PostgreSQL in a child process the same files as in the API process', async () => {
    if (app.dbHandle.kind !== 'postgres') {
      expect(childBuilds).not.toHaveBeenCalled();
      return;
    }
    // The builds above (through the queue) ran in the child.
    expect(childBuilds.mock.calls.length).toBeGreaterThanOrEqual(2);
    const inChild = await filesOf(firstBuild.id);
    const id = await queuedBuild(closedTerm.id, firstBuild.total);
    const logged: string[] = [];
    await runBuild(app.db, id, { stopping: false }, (message) => logged.push(message));
    expect(logged).toEqual([]);
    expect((await waitForBuild(id)).status).toBe('done');
    const inProcess = await filesOf(id);
    const shape = (files: typeof inChild) =>
      files
        .map(({ group_id, group_name, title, file_name, pages }) => ({
          group_id,
          group_name,
          title,
          file_name,
          pages,
        }))
        .sort((a, b) => (a.group_id ?? 0) - (b.group_id ?? 0) || a.group_name.localeCompare(b.group_name));
    expect(shape(inProcess)).toEqual(shape(inChild));
    const textOf = async (files: typeof inChild, name: string) =>
      pdfText(
        (await download(tokens.director, files.find((file) => file.group_id === class5aId)!.id)).rawPayload,
        name,
      );
    expect(await textOf(inChild, 'child.pdf')).toBe(await textOf(inProcess, 'in-process.pdf'));
  }, 300_000);

  it('ends the child process and fails its build when the queue stops', async () => {
    if (app.dbHandle.kind !== 'postgres') return;
    const job = archiveJob(app.db, () => undefined, childDatabase(app.dbHandle));
    const id = await queuedBuild(year.id, 30);
    const running = job.run(id);
    // The child claims the build, then is stopped in the middle of it.
    while ((await statusOf(id)) !== 'running') await new Promise((resolve) => setTimeout(resolve, 100));
    job.stopRunning?.();
    await running;
    const [build] = await app.db.select().from(archiveBuilds).where(eq(archiveBuilds.id, id));
    expect(build.status).toBe('failed');
    expect(build.error).toMatch(/Сервер остановился/);
  }, 120_000);
});

describe('a build whose instance died (issue 48)', () => {
  it('is failed by the sweep once its heartbeat is 10 s old, as the generator’s; a live one is not', async () => {
    const [year] = await app.db.select().from(periodsTable).where(eq(periodsTable.kind, 'year')).limit(1);
    const [{ id: createdBy }] = await app.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.login, 'director'));
    const running = (ago: number) =>
      app.db
        .insert(archiveBuilds)
        .values({
          organizationId: year.organizationId,
          periodId: year.id,
          total: 10,
          createdBy,
          status: 'running',
          startedAt: sql`now() - make_interval(secs => ${ago + 1})`,
          heartbeatAt: sql`now() - make_interval(secs => ${ago})`,
        })
        .returning({ id: archiveBuilds.id })
        .then(([row]) => row.id);
    const alive = await running(1);
    await sweepStaleBuilds(app.db);
    expect(await statusOf(alive)).toBe('running');
    await app.db.update(archiveBuilds).set({ status: 'done' }).where(eq(archiveBuilds.id, alive));
    // 12 s without a heartbeat: the instance is gone (it wrote one every 2 s), not 10 minutes later.
    const dead = await running(12);
    await sweepStaleBuilds(app.db);
    const [build] = await app.db.select().from(archiveBuilds).where(eq(archiveBuilds.id, dead));
    expect(build.status).toBe('failed');
    expect(build.error).toMatch(/Сервер остановился/);
    // Swept every few seconds: failed well within 30 s of the death.
    expect(SWEEP_INTERVAL_MS).toBeLessThanOrEqual(10_000);
  });

  it('prints a name ending in a stop with one full stop', () => {
    expect(sentence('Уроки вели: Прохоров В. В.')).toBe('Уроки вели: Прохоров В. В.');
    expect(sentence('Уроки вели: уроков не было')).toBe('Уроки вели: уроков не было.');
  });
});

async function statusOf(id: number) {
  const [build] = await app.db
    .select({ status: archiveBuilds.status })
    .from(archiveBuilds)
    .where(eq(archiveBuilds.id, id));
  return build.status;
}

describe('who reaches the archive', () => {
  it('lets a class teacher see and download only their own class, and not build', async () => {
    const own = await register(tokens.teacher);
    expect(own.files.length).toBeGreaterThan(0);
    expect(own.files.every((file) => file.group_id === class5aId)).toBe(true);
    const { files } = await register(tokens.director);
    const other = files.find((file) => file.group_id !== class5aId)!;
    expect((await download(tokens.teacher, other.id)).statusCode).toBe(404);
    const build = await call(app, tokens.teacher, 'POST', '/api/archive/builds', { period_id: year.id });
    expect(build.statusCode).toBe(403);
  });

  it('refuses a teacher who leads no class', async () => {
    const response = await call(app, tokens.plainTeacher, 'GET', `/api/archive?period_id=${year.id}`);
    expect(response.statusCode).toBe(403);
    expect(response.json().message).toMatch(/классному руководителю/);
    const { files } = await register(tokens.director);
    expect((await download(tokens.plainTeacher, files[0].id)).statusCode).toBe(403);
  });

  it("finds nothing of another school's archive", async () => {
    const { files } = await register(tokens.director);
    const answers = await Promise.all([
      call(app, tokens.director2, 'GET', `/api/archive?period_id=${year.id}`),
      call(app, tokens.director2, 'GET', `/api/archive/builds/${firstBuild.id}`),
      download(tokens.director2, files[1].id),
      call(app, tokens.director2, 'GET', `/api/archive/zip?period_id=${year.id}`),
      call(app, tokens.director2, 'POST', '/api/archive/builds', { period_id: year.id }),
    ]);
    expect(answers.map((answer) => answer.statusCode)).toEqual([404, 404, 404, 404, 404]);
    expect((await call(app, tokens.student, 'GET', `/api/archive?period_id=${year.id}`)).statusCode).toBe(
      403,
    );
  });

  it('answers bad input with 422 and Russian field errors', async () => {
    const text = await call(app, tokens.director, 'POST', '/api/archive/builds', { period_id: 'год' });
    expect(text.statusCode).toBe(422);
    expect(text.json().errors.period_id[0]).toBe('Неверный идентификатор');
    const missing = await call(app, tokens.director, 'GET', '/api/archive');
    expect(missing.statusCode).toBe(422);
    if (openTerm) {
      const open = await call(app, tokens.director, 'POST', '/api/archive/builds', {
        period_id: openTerm.id,
      });
      expect(open.statusCode).toBe(422);
      expect(open.json().errors.period_id[0]).toMatch(/Период не закрыт/);
    }
  });
});
