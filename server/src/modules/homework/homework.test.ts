import { createHash } from 'node:crypto';
import { submissionSchema } from '@parta/shared/domain/contracts/homework';
import { addDays } from '@parta/shared/domain/timetable';
import { and, desc, eq, isNotNull, isNull, lte, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { zipSync } from 'fflate';
import { authHeader, call, createTestApp, loginAs, loginWithOneTimePassword } from '../../../test/helpers';
import { rowsOf } from '../../db/rows';
import {
  classes,
  journalCells,
  lessons,
  marks,
  storedFiles,
  students,
  subgroupMembers,
  users,
  workTypes,
} from '../../db/schema';
import { schoolToday, setSchoolClock } from '../clock/clock.service';
import { notifyHomework } from '../notifications/digests.service';

let app: FastifyInstance;
const tokens: Record<string, string> = {};
/** A whole-class lesson of the demo teacher in 5А, today or before. */
let lessonId: number;
let lessonDate: string;
let pupilId: number;

const PNG = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.alloc(200, 7),
]);
const JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(300, 3)]);
const sha = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');
const zip = (files: Record<string, string>) =>
  Buffer.from(
    zipSync(Object.fromEntries(Object.entries(files).map(([name, text]) => [name, Buffer.from(text)]))),
  );
const DOCX = zip({ '[Content_Types].xml': '<Types/>', 'word/document.xml': '<w:document/>' });

/** A multipart/form-data body: files as `[field, name, bytes]`, text fields as `[field, value]`. */
function form(parts: ([string, string, Buffer] | [string, string])[]) {
  const boundary = '----parta-test-boundary';
  const chunks = parts.flatMap((part) => [
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${part[0]}"${
        part.length === 3 ? `; filename="${part[1]}"\r\nContent-Type: application/octet-stream` : ''
      }\r\n\r\n`,
    ),
    part.length === 3 ? part[2] : Buffer.from(part[1]),
    Buffer.from('\r\n'),
  ]);
  return {
    payload: Buffer.concat([...chunks, Buffer.from(`--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

const post = (token: string, url: string, parts: Parameters<typeof form>[0]) => {
  const body = form(parts);
  return app.inject({
    method: 'POST',
    url,
    headers: { ...authHeader(token), ...body.headers },
    payload: body.payload,
  });
};
const upload = (token: string, name: string, bytes: Buffer, lesson = lessonId) =>
  post(token, `/api/lessons/${lesson}/homework/files`, [['file', name, bytes]]);
const storedCount = async () =>
  (await app.db.select({ n: sql<number>`count(*)::int` }).from(storedFiles))[0].n;
const setting = (key: string, value: string) =>
  call(app, tokens.director, 'PUT', '/api/organizations/settings', [{ key, value }]);

beforeAll(async () => {
  app = await createTestApp();
  for (const login of ['director', 'director2', 'zavuch', 'teacher', 'student', 'parent'])
    tokens[login] = await loginAs(app, login);
  const [teacher] = await app.db.select().from(users).where(eq(users.login, 'teacher'));
  const [pupil] = await app.db
    .select()
    .from(students)
    .innerJoin(users, eq(users.id, students.userId))
    .where(eq(users.login, 'student'));
  pupilId = pupil.students.id;
  const [lesson] = await app.db
    .select({ id: lessons.id, date: lessons.date })
    .from(lessons)
    .where(
      and(
        eq(lessons.teacherId, teacher.id),
        eq(lessons.classId, pupil.students.classId!),
        isNull(lessons.subgroupId),
        eq(lessons.status, 'scheduled'),
        lte(lessons.date, schoolToday()),
      ),
    )
    .orderBy(desc(lessons.date))
    .limit(1);
  lessonId = lesson.id;
  lessonDate = lesson.date;
  // A pupil of another class of the same school, with a login of their own.
  const [other] = await app.db
    .select({ id: students.id })
    .from(students)
    .innerJoin(classes, eq(classes.id, students.classId))
    .where(
      and(
        eq(students.organizationId, pupil.students.organizationId),
        sql`${students.classId} <> ${pupil.students.classId}`,
        isNull(students.userId),
      ),
    )
    .limit(1);
  const created = (await call(app, tokens.director, 'POST', `/api/students/${other.id}/login`, {})).json()
    .data;
  tokens.otherPupil = await loginWithOneTimePassword(app, created.login, created.password);
});
afterAll(async () => {
  setSchoolClock(null);
  await app.close();
});

describe('the teacher’s files of a lesson’s homework', () => {
  let fileId: number;

  it('uploads a photo and the class’s pupil and parent download the same bytes', async () => {
    const response = await upload(tokens.teacher, 'Доска 5А.png', PNG);
    expect(response.statusCode).toBe(201);
    const file = response.json().data;
    expect(file).toEqual({
      id: expect.any(Number),
      name: 'Доска 5А.png',
      size: PNG.length,
      type: 'image/png',
      sha256: sha(PNG),
    });
    fileId = file.id;
    for (const login of ['student', 'parent', 'teacher', 'zavuch']) {
      const download = await call(app, tokens[login], 'GET', `/api/files/${fileId}`);
      expect(download.statusCode).toBe(200);
      expect(sha(download.rawPayload)).toBe(file.sha256);
      expect(download.headers['content-type']).toBe('image/png');
      expect(download.headers['x-content-type-options']).toBe('nosniff');
      expect(download.headers['content-security-policy']).toMatch(/sandbox/);
      expect(download.headers['content-disposition']).toBe(
        `inline; filename="_____ 5_.png"; filename*=UTF-8''${encodeURIComponent('Доска 5А.png')}`,
      );
    }
    const listed = (await call(app, tokens.parent, 'GET', `/api/lessons/${lessonId}/homework/files`)).json()
      .data;
    expect(listed.files.map((f: { id: number }) => f.id)).toEqual([fileId]);
  });

  it('an Office document is downloaded as an attachment; the diary shows the files', async () => {
    const response = await upload(tokens.teacher, 'Рабочий лист.docx', DOCX);
    expect(response.statusCode).toBe(201);
    expect(response.json().data.type).toBe(
      'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    );
    const download = await call(app, tokens.student, 'GET', `/api/files/${response.json().data.id}`);
    expect(download.headers['content-disposition']).toMatch(/^attachment; .*filename\*=UTF-8''%D0%A0/);
    const diary = (await call(app, tokens.student, 'GET', `/api/diary?week=${lessonDate}`)).json().data;
    const lesson = diary.days
      .flatMap((day: { lessons: unknown[] }) => day.lessons)
      .find((l: { id: number }) => l.id === lessonId);
    expect(lesson.homework_details.files.map((f: { name: string }) => f.name)).toEqual([
      'Доска 5А.png',
      'Рабочий лист.docx',
    ]);
    // Uploaded now, after the evening digest of the day before the lesson.
    expect(lesson.homework_details.given_after).toBe('18:00');
  });

  it('another school, another class’s pupil: 404; the pupil cannot attach (403)', async () => {
    for (const token of [tokens.director2, tokens.otherPupil]) {
      expect((await call(app, token, 'GET', `/api/files/${fileId}`)).statusCode).toBe(404);
      expect((await call(app, token, 'GET', `/api/lessons/${lessonId}/homework/files`)).statusCode).toBe(404);
    }
    expect((await upload(tokens.director2, 'a.png', PNG)).statusCode).toBe(404);
    expect((await call(app, tokens.director2, 'DELETE', `/api/homework/files/${fileId}`)).statusCode).toBe(
      404,
    );
    expect((await upload(tokens.student, 'a.png', PNG)).statusCode).toBe(403);
    expect((await call(app, tokens.student, 'DELETE', `/api/homework/files/${fileId}`)).statusCode).toBe(403);
  });

  it('a subgroup lesson’s files: its pupils read them, a classmate of the other subgroup gets 404', async () => {
    const [row] = await app.db.select().from(lessons).where(eq(lessons.id, lessonId));
    const [lesson] = await app.db
      .select({ id: lessons.id, subgroupId: lessons.subgroupId })
      .from(lessons)
      .where(
        and(eq(lessons.classId, row.classId), isNotNull(lessons.subgroupId), eq(lessons.status, 'scheduled')),
      )
      .limit(1);
    if (!lesson) return;
    const members = await app.db
      .select({ id: subgroupMembers.studentId })
      .from(subgroupMembers)
      .where(eq(subgroupMembers.subgroupId, lesson.subgroupId!));
    const inside = new Set(members.map((member) => member.id));
    const [outsider] = (
      await app.db
        .select({ id: students.id, userId: students.userId })
        .from(students)
        .where(and(eq(students.classId, row.classId), eq(students.status, 'active')))
    ).filter((pupil) => !inside.has(pupil.id) && pupil.id !== pupilId && pupil.userId === null);
    const created = (
      await call(app, tokens.director, 'POST', `/api/students/${outsider.id}/login`, {})
    ).json().data;
    const outsiderToken = await loginWithOneTimePassword(app, created.login, created.password);
    const file = (await upload(tokens.zavuch, 'подгруппа.png', PNG, lesson.id)).json().data;
    expect((await call(app, outsiderToken, 'GET', `/api/files/${file.id}`)).statusCode).toBe(404);
    expect(
      (await call(app, outsiderToken, 'GET', `/api/lessons/${lesson.id}/homework/files`)).statusCode,
    ).toBe(404);
    const reader = inside.has(pupilId) ? tokens.student : null;
    if (reader) expect((await call(app, reader, 'GET', `/api/files/${file.id}`)).statusCode).toBe(200);
  });

  it('refuses programs, markup, macros and bare archives with 415 in Russian, storing nothing', async () => {
    const before = await storedCount();
    const refused: [string, Buffer, RegExp][] = [
      ['setup.png', Buffer.concat([Buffer.from('MZ'), Buffer.alloc(100)]), /Программы/],
      ['page.txt', Buffer.from('<html><script>alert(1)</script></html>'), /HTML/],
      ['pic.svg', Buffer.from('<?xml version="1.0"?><svg/>'), /HTML, SVG/],
      ['run.txt', Buffer.from('#!/bin/sh\nrm -rf /'), /скрипты/],
      [
        'macro.docx',
        zip({
          '[Content_Types].xml': 'application/vnd.ms-word.document.macroEnabled.main+xml',
          'word/vbaProject.bin': 'x',
        }),
        /макросами/,
      ],
      ['files.zip', zip({ 'a.txt': 'a' }), /Архивы/],
    ];
    for (const [name, bytes, message] of refused) {
      const response = await upload(tokens.teacher, name, bytes);
      expect([name, response.statusCode]).toEqual([name, 415]);
      expect(response.json().message).toMatch(message);
    }
    expect(await storedCount()).toBe(before);
    // Plain text passes.
    expect(
      (await upload(tokens.teacher, 'задание.txt', Buffer.from('Упражнение 5, стр. 12'))).json().data.type,
    ).toBe('text/plain; charset=utf-8');
  });

  it('a file over the school’s limit is 413 in Russian and nothing is stored', async () => {
    expect((await setting('homework_file_mb', '1')).statusCode).toBe(200);
    const before = await storedCount();
    const big = Buffer.concat([PNG, Buffer.alloc(1024 * 1024 + 10)]);
    const response = await upload(tokens.teacher, 'big.png', big);
    expect(response.statusCode).toBe(413);
    expect(response.json().message).toBe('Файл больше 1 МБ');
    expect(await storedCount()).toBe(before);
    await setting('homework_file_mb', '20');
  });

  it('the school’s quota: an upload past it is 413 and nothing is stored', async () => {
    await setting('homework_quota_mb', '1');
    const part = Buffer.concat([PNG, Buffer.alloc(600 * 1024)]);
    expect((await upload(tokens.teacher, 'one.png', part)).statusCode).toBe(201);
    const before = await storedCount();
    const response = await upload(tokens.teacher, 'two.png', part);
    expect(response.statusCode).toBe(413);
    expect(response.json().message).toMatch(/Место для файлов школы \(1 МБ\)/);
    expect(await storedCount()).toBe(before);
    await setting('homework_quota_mb', '5120');
  });

  it('the evening digest of the day before tells the homework’s files', async () => {
    const sent: { body: string; userId: number }[] = [];
    const channel = {
      name: 'test',
      send: async (notice: { body: string }, to: { userId: number }) =>
        void sent.push({ body: notice.body, userId: to.userId }),
    };
    const [school] = await app.db
      .select({ id: lessons.organizationId })
      .from(lessons)
      .where(eq(lessons.id, lessonId));
    await notifyHomework(app.db, { organizationId: school.id, date: addDays(lessonDate, -1) }, () => {}, [
      channel,
    ]);
    const [pupilUser] = await app.db
      .select({ id: students.userId })
      .from(students)
      .where(eq(students.id, pupilId));
    expect(sent.find((notice) => notice.userId === pupilUser.id)?.body).toMatch(/файлов: \d/);
  });

  it('the teacher removes a file', async () => {
    const created = (await upload(tokens.teacher, 'лишний.png', PNG)).json().data;
    expect((await call(app, tokens.teacher, 'DELETE', `/api/homework/files/${created.id}`)).statusCode).toBe(
      200,
    );
    expect((await call(app, tokens.student, 'GET', `/api/files/${created.id}`)).statusCode).toBe(404);
  });
});

describe('pupils’ works', () => {
  let workId: number;

  it('a file published before the evening before the lesson has no «задано после»', async () => {
    const [next] = await app.db
      .select({ id: lessons.id, date: lessons.date })
      .from(lessons)
      .where(
        and(
          eq(
            lessons.classId,
            (await app.db.select().from(lessons).where(eq(lessons.id, lessonId)))[0].classId,
          ),
          sql`${lessons.date} > ${lessonDate}`,
          eq(lessons.status, 'scheduled'),
        ),
      )
      .orderBy(lessons.date)
      .limit(1);
    if (!next) return;
    setSchoolClock(`${lessonDate}T10:00:00+03:00`);
    const zavuchUpload = await upload(tokens.zavuch, 'заранее.png', PNG, next.id);
    setSchoolClock(null);
    expect(zavuchUpload.statusCode).toBe(201);
    const diary = (await call(app, tokens.student, 'GET', `/api/diary?week=${next.date}`)).json().data;
    const lesson = diary.days
      .flatMap((day: { lessons: unknown[] }) => day.lessons)
      .find((l: { id: number }) => l.id === next.id);
    expect(lesson.homework_details.files).toHaveLength(1);
    expect(lesson.homework_details.given_after).toBeNull();
  });

  it('the pupil hands in a photo and a comment, and again until it is reviewed', async () => {
    const first = await post(tokens.student, `/api/lessons/${lessonId}/submissions`, [
      ['file', 'тетрадь.jpg', JPEG],
      ['comment', 'Сделал упражнение'],
    ]);
    expect(first.statusCode).toBe(201);
    const work = submissionSchema.parse(first.json().data);
    expect(work).toMatchObject({ student_id: pupilId, status: 'submitted', comment: 'Сделал упражнение' });
    expect(work.files.map((file) => file.name)).toEqual(['тетрадь.jpg']);
    workId = work.id;
    const again = await post(tokens.student, `/api/lessons/${lessonId}/submissions`, [
      ['file', 'стр1.jpg', JPEG],
      ['file', 'стр2.png', PNG],
    ]);
    expect(again.statusCode).toBe(201);
    expect(again.json().data.id).toBe(workId);
    expect(again.json().data.files.map((file: { name: string }) => file.name)).toEqual([
      'стр1.jpg',
      'стр2.png',
    ]);
    // The teacher's list; the parent and the teacher open the files; another class's pupil does not.
    const list = (await call(app, tokens.teacher, 'GET', `/api/lessons/${lessonId}/submissions`)).json().data;
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({ id: workId, student_id: pupilId, status: 'submitted' });
    const fileId = list[0].files[0].id;
    for (const login of ['parent', 'teacher', 'zavuch'])
      expect((await call(app, tokens[login], 'GET', `/api/files/${fileId}`)).statusCode).toBe(200);
    for (const token of [tokens.otherPupil, tokens.director2])
      expect((await call(app, token, 'GET', `/api/files/${fileId}`)).statusCode).toBe(404);
    // The journal grid marks the pupil's cell: a work is waiting.
    const [row] = await app.db.select().from(lessons).where(eq(lessons.id, lessonId));
    const grid = (await call(app, tokens.teacher, 'GET', `/api/journal/${row.classId}/${row.loadId}`)).json()
      .data;
    expect(grid.waiting_work).toContainEqual({ lesson_id: lessonId, student_id: pupilId });
  });

  it('roles: the parent and the teacher do not hand in; pupils do not review; another school 404', async () => {
    const parts: Parameters<typeof form>[0] = [['file', 'a.jpg', JPEG]];
    expect((await post(tokens.parent, `/api/lessons/${lessonId}/submissions`, parts)).statusCode).toBe(403);
    expect((await post(tokens.teacher, `/api/lessons/${lessonId}/submissions`, parts)).statusCode).toBe(403);
    expect((await post(tokens.otherPupil, `/api/lessons/${lessonId}/submissions`, parts)).statusCode).toBe(
      404,
    );
    expect((await call(app, tokens.student, 'GET', `/api/lessons/${lessonId}/submissions`)).statusCode).toBe(
      403,
    );
    expect(
      (await call(app, tokens.director2, 'GET', `/api/lessons/${lessonId}/submissions`)).statusCode,
    ).toBe(404);
    const review = { status: 'accepted', mark: 5 };
    expect(
      (await call(app, tokens.student, 'PUT', `/api/lessons/${lessonId}/submissions/${workId}`, review))
        .statusCode,
    ).toBe(403);
    expect(
      (await call(app, tokens.director2, 'PUT', `/api/lessons/${lessonId}/submissions/${workId}`, review))
        .statusCode,
    ).toBe(404);
    const wrong = await call(app, tokens.teacher, 'PUT', `/api/lessons/${lessonId}/submissions/${workId}`, {
      status: 'returned',
      mark: 4,
    });
    expect(wrong.statusCode).toBe(422);
  });

  it('accepted with a «5»: the mark is in the journal cell with a new version; then 409', async () => {
    const cellBefore = await app.db
      .select()
      .from(journalCells)
      .where(and(eq(journalCells.lessonId, lessonId), eq(journalCells.studentId, pupilId)));
    const versionBefore = cellBefore[0]?.version ?? 0;
    const response = await call(
      app,
      tokens.teacher,
      'PUT',
      `/api/lessons/${lessonId}/submissions/${workId}`,
      {
        status: 'accepted',
        mark: 5,
        comment: 'Молодец',
      },
    );
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toMatchObject({ status: 'accepted', mark: 5, review_comment: 'Молодец' });
    const [cell] = await app.db
      .select()
      .from(journalCells)
      .where(and(eq(journalCells.lessonId, lessonId), eq(journalCells.studentId, pupilId)));
    expect(cell.version).toBe(versionBefore + 1);
    const saved = await app.db
      .select({ value: marks.value, workType: workTypes.name })
      .from(marks)
      .leftJoin(workTypes, eq(workTypes.id, marks.workTypeId))
      .where(and(eq(marks.lessonId, lessonId), eq(marks.studentId, pupilId)));
    expect(saved).toContainEqual({ value: '5', workType: 'Домашняя работа' });
    // The pupil and the parent are owed a notice (the outbox: jobs queued in the review's transaction).
    const owed = await rowsOf<{ user_id: string; title: string }>(
      app.db,
      sql`select data->>'userId' as user_id, data->'notice'->>'title' as title from pgboss.job
           where data->'notice'->>'dedupeKey' = ${`homework-work:${workId}`} order by 1`,
    );
    const family = await app.db
      .select({ id: users.id })
      .from(users)
      .where(sql`${users.login} in ('student', 'parent')`);
    expect(owed.map((row) => Number(row.user_id)).sort()).toEqual(family.map((row) => row.id).sort());
    expect(owed[0].title).toMatch(/работа принята, оценка 5$/);
    // The parent's diary shows the work accepted with its mark.
    const diary = (
      await call(app, tokens.parent, 'GET', `/api/diary?week=${lessonDate}&student_id=${pupilId}`)
    ).json().data;
    const lesson = diary.days
      .flatMap((day: { lessons: unknown[] }) => day.lessons)
      .find((l: { id: number }) => l.id === lessonId);
    expect(lesson.homework_details.submission).toMatchObject({ status: 'accepted', mark: 5 });
    expect(lesson.marks.map((mark: { value: string }) => mark.value)).toContain('5');

    const again = await post(tokens.student, `/api/lessons/${lessonId}/submissions`, [
      ['file', 'a.jpg', JPEG],
    ]);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toMatch(/уже принята/);
    const reviewAgain = await call(
      app,
      tokens.teacher,
      'PUT',
      `/api/lessons/${lessonId}/submissions/${workId}`,
      { status: 'returned' },
    );
    expect(reviewAgain.statusCode).toBe(409);
  });

  it('a returned work is handed in again, and waits for review once more', async () => {
    const [{ classId }] = await app.db.select().from(lessons).where(eq(lessons.id, lessonId));
    const [other] = await app.db
      .select({ id: lessons.id })
      .from(lessons)
      .where(
        and(
          sql`${lessons.id} <> ${lessonId}`,
          eq(lessons.classId, classId),
          isNull(lessons.subgroupId),
          eq(lessons.status, 'scheduled'),
          lte(lessons.date, schoolToday()),
        ),
      )
      .orderBy(desc(lessons.date))
      .limit(1);
    const first = await post(tokens.student, `/api/lessons/${other.id}/submissions`, [
      ['file', 'a.jpg', JPEG],
    ]);
    expect(first.statusCode).toBe(201);
    const id = first.json().data.id;
    const returned = await call(app, tokens.zavuch, 'PUT', `/api/lessons/${other.id}/submissions/${id}`, {
      status: 'returned',
      comment: 'Нет второй страницы',
    });
    expect(returned.json().data).toMatchObject({
      status: 'returned',
      review_comment: 'Нет второй страницы',
      mark: null,
    });
    const again = await post(tokens.student, `/api/lessons/${other.id}/submissions`, [
      ['file', 'b.jpg', JPEG],
    ]);
    expect(again.statusCode).toBe(201);
    expect(again.json().data).toMatchObject({ id, status: 'submitted', review_comment: null });
  });

  it('after the deadline a hand-in is 422', async () => {
    const past = new Date(Date.now() - 3_600_000).toISOString();
    const [other] = await app.db
      .select({ id: lessons.id })
      .from(lessons)
      .where(
        and(
          sql`${lessons.id} <> ${lessonId}`,
          eq(
            lessons.classId,
            (await app.db.select().from(lessons).where(eq(lessons.id, lessonId)))[0].classId,
          ),
          isNull(lessons.subgroupId),
          eq(lessons.status, 'scheduled'),
        ),
      )
      .limit(1);
    const deadline = await call(app, tokens.zavuch, 'PUT', `/api/lessons/${other.id}/homework/deadline`, {
      deadline: past,
    });
    expect(deadline.statusCode).toBe(200);
    const response = await post(tokens.student, `/api/lessons/${other.id}/submissions`, [
      ['file', 'a.jpg', JPEG],
    ]);
    expect(response.statusCode).toBe(422);
    expect(response.json().message).toBe('Срок сдачи работы прошёл');
  });
});
