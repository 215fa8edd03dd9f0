import type { FinalGrid, FinalInputParsed, FinalMarkItem } from '@parta/shared/domain/contracts/journal';
import {
  type FinalMark,
  finalMarksFor,
  proposeMark,
  proposeYearMark,
  UNGRADED_FINAL_MESSAGE,
} from '@parta/shared/domain/marks';
import { groupName } from '@parta/shared/domain/names';
import { taughtWithoutMarks } from '@parta/shared/domain/reports';
import { findInScope, inScope } from '../../access/scope';
import { teaches, teachingActor } from '../../access/teaching';
import type { Database } from '../../db/client';
import { classes, students } from '../../db/schema';
import type { Actor } from '../../plugins/auth';
import { HttpError, notFound, unprocessable } from '../../plugins/errors';
import type { Queue } from '../../queue/queue';
import { schoolNow } from '../clock/clock.service';
import { listLoads } from '../loads/loads.service';
import { listPeriods } from '../periods/periods.service';
import {
  findFinalMarks,
  findStudentClasses,
  findTermAverages,
  writeFinalMarks,
} from './final-marks.repository';
import { findJournalStudents } from './journal.repository';
import { locked } from './journal.service';

/** Final marks of a subject are set with journals.final.edit by whoever teaches it in the class (access/teaching.ts). */
function writesFinal(actor: Actor, teacherIds: (number | null)[]) {
  return actor.permissions.has('journals.final.edit') && teaches(teachingActor(actor), teacherIds);
}

async function classContext(db: Database, actor: Actor, groupId: number) {
  const classRow = await findInScope(db, actor, classes, groupId, 'Класс не найден');
  const [loads, allPeriods, students] = await Promise.all([
    listLoads(db, actor, { group_id: groupId }),
    listPeriods(db, actor, classRow.organizationId),
    findJournalStudents(db, groupId, null),
  ]);
  const periods = allPeriods
    .filter((period) => period.grades.includes(classRow.number))
    .sort(
      (a, b) =>
        Number(a.kind === 'year') - Number(b.kind === 'year') || a.start_date.localeCompare(b.start_date),
    );
  const subjects = new Map<
    number,
    { id: number; name: string; teacherIds: (number | null)[]; withoutMarks: boolean }
  >();
  for (const load of loads) {
    const subject = subjects.get(load.subject_id) ?? {
      id: load.subject_id,
      name: load.subject_name,
      teacherIds: [],
      withoutMarks: true,
    };
    subject.teacherIds.push(load.teacher_id);
    // Without marks only when every line of the subject is (and always in grade 1).
    subject.withoutMarks &&= taughtWithoutMarks(classRow.number, load.graded);
    subjects.set(load.subject_id, subject);
  }
  return { classRow, periods, students, subjects };
}

/** GET /api/journal/final: confirmed marks and proposals (periods from averages, year from periods). */
export async function finalGrid(db: Database, actor: Actor, groupId: number): Promise<FinalGrid> {
  const { classRow, periods, students, subjects } = await classContext(db, actor, groupId);
  const studentIds = students.map((student) => student.id);
  const terms = periods.filter((period) => period.kind !== 'year');
  const [marks, averages] = await Promise.all([
    findFinalMarks(
      db,
      studentIds,
      periods.map((period) => period.id),
    ),
    findTermAverages(db, groupId, terms),
  ]);
  const proposals: FinalMarkItem[] = [];
  const withoutMarks = (subjectId: number) => subjects.get(subjectId)?.withoutMarks ?? false;
  for (const average of averages) {
    if (withoutMarks(average.subject_id)) continue;
    const value = proposeMark(Number(average.average));
    if (value)
      proposals.push({
        student_id: average.student_id,
        subject_id: average.subject_id,
        period_id: average.period_id,
        value,
      });
  }
  const year = periods.find((period) => period.kind === 'year');
  if (year) {
    const confirmed = new Map(
      marks.map((mark) => [`${mark.student_id}|${mark.subject_id}|${mark.period_id}`, mark.value]),
    );
    for (const student of students) {
      for (const subject of subjects.values()) {
        if (subject.withoutMarks) continue;
        const value = proposeYearMark(
          terms.map((term) => confirmed.get(`${student.id}|${subject.id}|${term.id}`) ?? null),
        );
        if (value)
          proposals.push({ student_id: student.id, subject_id: subject.id, period_id: year.id, value });
      }
    }
  }
  return {
    group_id: groupId,
    group_name: groupName(classRow),
    periods,
    subjects: [...subjects.values()]
      .sort((a, b) => a.name.localeCompare(b.name, 'ru'))
      .map((subject) => ({
        id: subject.id,
        name: subject.name,
        editable: writesFinal(actor, subject.teacherIds),
        without_marks: subject.withoutMarks,
      })),
    students,
    marks,
    proposals,
  };
}

/**
 * PUT /api/journal/final: sets, confirms or removes final marks of one class's students; a closed
 * period refuses (423), every change goes to the audit trail. All or none.
 */
export async function saveFinalMarks(
  db: Database,
  queue: Queue,
  actor: Actor,
  input: FinalInputParsed,
): Promise<FinalMarkItem[]> {
  const studentIds = [...new Set(input.marks.map((mark) => mark.student_id))];
  const allPeriods = await listPeriods(db, actor);
  const periodOf = new Map(allPeriods.map((period) => [period.id, period]));
  const contexts = new Map<number, Awaited<ReturnType<typeof classContext>>>();
  const places = await findStudentClasses(db, inScope(actor, students.organizationId), studentIds);
  for (const mark of input.marks) {
    const classId = places.get(mark.student_id);
    if (classId === undefined) throw notFound('Ученик не найден');
    let context = contexts.get(classId);
    if (!context) {
      context = await classContext(db, actor, classId);
      contexts.set(classId, context);
    }
    const subject = context.subjects.get(mark.subject_id);
    if (!subject) throw notFound('Предмет не найден в нагрузке класса');
    const period = periodOf.get(mark.period_id);
    if (!period || !context.periods.some((item) => item.id === period.id)) throw notFound('Период не найден');
    if (!writesFinal(actor, subject.teacherIds)) {
      throw new HttpError(403, 'Итоговые оценки по предмету ставит его учитель');
    }
    if (period.closed) throw locked();
    if (mark.value !== null && !finalMarksFor(subject.withoutMarks).includes(mark.value)) {
      const index = input.marks.indexOf(mark);
      throw unprocessable(UNGRADED_FINAL_MESSAGE, { [`marks.${index}.value`]: [UNGRADED_FINAL_MESSAGE] });
    }
  }
  const organizationOf = (studentId: number) => contexts.get(places.get(studentId)!)!.classRow.organizationId;
  // The marks and the notices they owe the families commit together.
  await db.transaction(async (tx) => {
    const changed = await writeFinalMarks(
      tx,
      actor.userId,
      input.marks.map((mark) => ({ ...mark, organization_id: organizationOf(mark.student_id) })),
      schoolNow().toISOString(),
    );
    await queue.emit(tx, 'journal.final-marks-changed', {
      changes: changed.map((mark) => ({
        studentId: mark.student_id,
        subjectId: mark.subject_id,
        periodId: mark.period_id,
        actorId: actor.userId,
      })),
    });
  });
  return input.marks
    .filter((mark): mark is typeof mark & { value: FinalMark } => mark.value !== null)
    .map(({ student_id, subject_id, period_id, value }) => ({ student_id, subject_id, period_id, value }));
}
