import type {
  DiaryLesson,
  DiaryQueryParsed,
  DiaryStudent,
  DiaryWeek,
  LatestMarks,
} from '@parta/shared/domain/contracts/diary';
import { DEFAULT_MARK_THRESHOLDS, proposeMark } from '@parta/shared/domain/marks';
import { groupName, shortName } from '@parta/shared/domain/names';
import { weightedAverage } from '@parta/shared/domain/reports';
import { addDays, clockTime, weekStart } from '@parta/shared/domain/timetable';
import { inScope } from '../../access/scope';
import type { Database } from '../../db/client';
import { students } from '../../db/schema';
import type { Actor } from '../../plugins/auth';
import { forbidden } from '../../plugins/errors';
import { schoolToday } from '../clock/clock.service';
import { pupilCourseSessions } from '../extracurricular/course-journal.service';
import { diaryHomework } from '../homework/homework.service';
import {
  type DiaryStudentRow,
  findAttendanceOf,
  findChildren,
  findFinalMarksOf,
  findLatestMarks,
  findMarksOf,
  findOwnStudents,
  findPeriodAt,
  findSubjectAverages,
  findWeekLessons,
} from './diary.repository';

const NOT_YOURS = 'Можно открыть только свой дневник или дневник своего ребёнка';

const toStudent = (row: DiaryStudentRow): DiaryStudent => ({
  id: row.id,
  name: `${row.surname} ${row.name}`,
  group_name: row.classId === null ? null : groupName({ number: row.number, letter: row.letter }),
});

/**
 * Whose diary the caller reads: a student their own, a parent one of their children (the first
 * when none is named). Any other id — another child, another school's — is 403, as is a caller
 * who is neither.
 */
async function diaryOwner(db: Database, actor: Actor, studentId: number | undefined) {
  const scope = inScope(actor, students.organizationId);
  const own = await findOwnStudents(db, actor.userId, scope);
  const allowed = own.length > 0 ? own : await findChildren(db, actor.userId, scope);
  if (allowed.length === 0) throw forbidden('Дневник доступен ученику и его родителям');
  const student = studentId === undefined ? allowed[0] : allowed.find((row) => row.id === studentId);
  if (!student) throw forbidden(NOT_YOURS);
  return { student, allowed };
}

async function hasDiary(db: Database, actor: Actor): Promise<boolean> {
  const scope = inScope(actor, students.organizationId);
  const own = await findOwnStudents(db, actor.userId, scope);
  return own.length > 0 || (await findChildren(db, actor.userId, scope)).length > 0;
}

/** GET /api/diary: a week of the student's lessons with grades and attendance, the term's averages and final marks. */
export async function getDiaryWeek(db: Database, actor: Actor, query: DiaryQueryParsed): Promise<DiaryWeek> {
  const { student, allowed } = await diaryOwner(db, actor, query.student_id);
  const monday = weekStart(query.week ?? schoolToday());
  const sunday = addDays(monday, 6);
  const courses = await pupilCourseSessions(db, student.id, monday, sunday);
  const days = Array.from({ length: 7 }, (_, index) => ({
    date: addDays(monday, index),
    lessons: [] as DiaryLesson[],
    courses: courses
      .filter((course) => course.date === addDays(monday, index))
      .map(({ date: _date, ...course }) => course),
  }));
  const base = { student: toStudent(student), students: allowed.map(toStudent), week_start: monday, days };
  if (student.classId === null || student.number === null) return { ...base, period: null, subjects: [] };
  const owner = { id: student.id, classId: student.classId };

  const lessonRows = await findWeekLessons(db, owner, monday, sunday);
  const lessonIds = lessonRows.map((lesson) => lesson.id);
  const [markRows, attendanceRows, period, homework] = await Promise.all([
    findMarksOf(db, student.id, lessonIds, { from: monday, to: sunday }),
    findAttendanceOf(db, student.id, lessonIds, { from: monday, to: sunday }),
    findPeriodAt(db, student.organizationId, { from: monday, to: sunday }, student.number),
    diaryHomework(db, { id: student.id, organizationId: student.organizationId }, lessonRows),
  ]);
  const attendanceOf = new Map(attendanceRows.map((row) => [row.lessonId, row.value]));
  for (const lesson of lessonRows) {
    const day = days.find((item) => item.date === lesson.date);
    day?.lessons.push({
      id: lesson.id,
      lesson_number: lesson.lesson_number,
      start_time: clockTime(lesson.start_time),
      end_time: clockTime(lesson.end_time),
      subject_id: lesson.subject_id,
      subject_name: lesson.subject_name,
      teacher_name: lesson.teacherSurname
        ? shortName({
            surname: lesson.teacherSurname,
            name: lesson.teacherName,
            patronymic: lesson.teacherPatronymic,
          })
        : null,
      topic: lesson.topic,
      homework: lesson.homework,
      homework_details: homework.get(lesson.id)!,
      status: lesson.status,
      marks: markRows
        .filter((mark) => mark.lessonId === lesson.id)
        .map((mark) => ({
          id: mark.id,
          value: mark.value,
          work_type: mark.workType,
          weight: Number(mark.weight),
          comment: mark.comment,
        })),
      attendance: attendanceOf.get(lesson.id) ?? null,
    });
  }
  if (!period) return { ...base, period: null, subjects: [] };

  const [averages, finals] = await Promise.all([
    findSubjectAverages(db, owner, period.startDate, period.endDate),
    findFinalMarksOf(db, student.id, period.id),
  ]);
  const finalOf = new Map(finals.map((row) => [row.subjectId, row.value]));
  return {
    ...base,
    period: { id: period.id, name: period.name },
    subjects: averages.map((row) => {
      const average = weightedAverage(Number(row.sum), Number(row.weight));
      return {
        subject_id: row.subjectId,
        subject_name: row.subjectName,
        average,
        marks_count: row.count,
        final_mark: finalOf.get(row.subjectId) ?? null,
        // The journal's «Итог» proposes the same; a closed period proposes nothing.
        proposed_mark: period.closed ? null : proposeMark(average, DEFAULT_MARK_THRESHOLDS),
      };
    }),
  };
}

/**
 * GET /api/diary/latest-marks: the dashboard's latest grades of the student (or a parent's child).
 * A caller with no diary of their own (a platform administrator) gets an empty answer, not 403:
 * the dashboard asks without knowing, and a 403 would send them to the access page.
 */
export async function getLatestMarks(
  db: Database,
  actor: Actor,
  studentId: number | undefined,
): Promise<LatestMarks> {
  if (studentId === undefined && !(await hasDiary(db, actor))) return { student: null, marks: [] };
  const { student } = await diaryOwner(db, actor, studentId);
  const rows = await findLatestMarks(db, student.id, 10);
  return {
    student: toStudent(student),
    marks: rows.map((row) => ({
      id: row.id,
      value: row.value,
      work_type: row.workType,
      weight: Number(row.weight),
      comment: row.comment,
      date: row.date,
      subject_name: row.subjectName,
    })),
  };
}
