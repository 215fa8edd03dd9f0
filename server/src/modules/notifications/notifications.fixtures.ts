import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { call } from '../../../test/helpers';
import type { Database } from '../../db/client';
import { lessons, loads, students, users } from '../../db/schema';

/**
 * For the notification suites: the demo pupil («student») and lessons of their class given by
 * `teacherId` on `day`, numbered past the timetable's (11, 12 …) so no other lesson is there.
 */
export async function pupilWithExtraLessons(
  db: Database,
  teacherId: number,
  day: string,
  lessonNumbers: number[],
): Promise<{ pupilId: number; lessonIds: number[] }> {
  const [pupil] = await db
    .select({ id: students.id, classId: students.classId })
    .from(students)
    .innerJoin(users, eq(users.id, students.userId))
    .where(eq(users.login, 'student'));
  const [load] = await db
    .select()
    .from(loads)
    .where(
      and(
        eq(loads.classId, pupil.classId as number),
        eq(loads.teacherId, teacherId),
        sql`${loads.subgroupId} is null`,
      ),
    );
  const inserted = await db
    .insert(lessons)
    .values(
      lessonNumbers.map((lessonNumber) => ({
        organizationId: load.organizationId,
        loadId: load.id,
        classId: load.classId,
        subjectId: load.subjectId,
        teacherId: load.teacherId,
        date: day,
        lessonNumber,
      })),
    )
    .returning({ id: lessons.id });
  return { pupilId: pupil.id, lessonIds: inserted.map((row) => row.id) };
}

/** The teacher marks the pupil «н» for a lesson through the journal's cell save, as the app does. */
export async function markAbsent(
  app: FastifyInstance,
  teacherToken: string,
  lessonId: number,
  pupilId: number,
) {
  const response = await call(
    app,
    teacherToken,
    'PUT',
    `/api/journal/lessons/${lessonId}/students/${pupilId}`,
    {
      grades: [],
      attendance: 'н',
      version: 0,
    },
  );
  if (response.statusCode !== 200) throw new Error(response.body);
}

/** The teacher gives the pupil one mark for a lesson through the journal's cell save (a new cell). */
export async function gradePupil(
  app: FastifyInstance,
  teacherToken: string,
  lessonId: number,
  pupilId: number,
  value: number,
) {
  const response = await call(
    app,
    teacherToken,
    'PUT',
    `/api/journal/lessons/${lessonId}/students/${pupilId}`,
    {
      grades: [{ value }],
      attendance: null,
      version: 0,
    },
  );
  if (response.statusCode !== 200) throw new Error(response.body);
}

/** The director sets the school's settings (numbers) through the settings screen's call. */
export async function setSchoolSettings(
  app: FastifyInstance,
  directorToken: string,
  items: Record<string, number>,
) {
  const response = await call(
    app,
    directorToken,
    'PUT',
    '/api/organizations/settings',
    Object.entries(items).map(([key, value]) => ({ key, value: String(value) })),
  );
  if (response.statusCode !== 200) throw new Error(response.body);
}
