import type {
  Group,
  GroupDetail,
  GroupInputParsed,
  GroupList,
  GroupSubgroups,
  SubgroupSet,
  SubgroupSetInputParsed,
} from '@parta/shared/domain/contracts/people';
import { plural } from '@parta/shared/domain/plural';
import { eq } from 'drizzle-orm';
import { targetOrganization } from '../../access/organization';
import { findInScope } from '../../access/scope';
import type { Database } from '../../db/client';
import { classes, subjects } from '../../db/schema';
import type { Actor } from '../../plugins/auth';
import { conflict, notFound, unprocessable, VALIDATION_MESSAGE } from '../../plugins/errors';
import { schoolNow } from '../clock/clock.service';
import {
  countGroupDependents,
  countSubgroupUsage,
  deleteGroup as deleteGroupRow,
  deleteSubgroupSet,
  findActiveStudentIds,
  findDuplicateGroup,
  findGroupStudents,
  findGroups,
  findLatestAcademicYear,
  findPeriods,
  findSubgroupSets,
  findSubjects,
  findTeachers,
  type GroupRow,
  insertGroup,
  isTeacherOf,
  replaceSubgroupSet,
  updateGroup as updateGroupRow,
} from './groups.repository';

const NOT_FOUND = 'Класс не найден';

/** The academic year a date falls in, «2026/2027» from September to August. */
function academicYearOf(date: Date): string {
  const year = date.getFullYear();
  const start = date.getMonth() >= 7 ? year : year - 1;
  return `${start}/${start + 1}`;
}

function toGroup(row: GroupRow): Group {
  return {
    id: row.id,
    organization_id: row.organizationId,
    organization_name: row.organizationName,
    number: row.number,
    letter: row.letter,
    name: `${row.number}${row.letter}`,
    academic_year: row.academicYear,
    manager_id: row.managerId,
    manager:
      row.managerId && row.managerSurname !== null
        ? {
            id: row.managerId,
            surname: row.managerSurname,
            name: row.managerName ?? '',
            patronymic: row.managerPatronymic,
          }
        : null,
    students_count: row.studentsCount,
  };
}

/** GET /api/group: classes, teachers and periods of the caller's tree or of one organization of it. */
export async function listGroups(db: Database, actor: Actor, organizationId?: number): Promise<GroupList> {
  const [groups, teachers, periods] = await Promise.all([
    findGroups(db, actor, { organizationId }),
    findTeachers(db, actor, organizationId),
    findPeriods(db, actor, organizationId),
  ]);
  return { groups: groups.map(toGroup), teachers, periods };
}

/** The class if the caller may see it; a class of another tree answers 404 like a missing one. */
function loadOwnedGroup(db: Database, actor: Actor, id: number) {
  return findInScope(db, actor, classes, id, NOT_FOUND);
}

export async function getGroup(db: Database, actor: Actor, id: number): Promise<GroupDetail> {
  const owner = await loadOwnedGroup(db, actor, id);
  const [[row], students] = await Promise.all([
    findGroups(db, actor, { organizationId: owner.organizationId, id }),
    findGroupStudents(db, id),
  ]);
  return { ...toGroup(row), students };
}

/** Rules every saved class obeys: unique within organization and year, manager a teacher there. */
async function checkGroup(
  db: Database,
  values: {
    organizationId: number;
    academicYear: string;
    number: number;
    letter: string;
    managerId: number | null;
  },
  exceptId?: number,
) {
  const errors: Record<string, string[]> = {};
  if (await findDuplicateGroup(db, values, exceptId)) {
    errors.letter = [`Класс ${values.number}${values.letter} уже есть в учебном году ${values.academicYear}`];
  }
  if (values.managerId !== null && !(await isTeacherOf(db, values.managerId, values.organizationId))) {
    errors.manager_id = ['Классным руководителем может быть только учитель этой организации'];
  }
  if (Object.keys(errors).length > 0) throw unprocessable(VALIDATION_MESSAGE, errors);
}

export async function createGroup(db: Database, actor: Actor, input: GroupInputParsed): Promise<GroupDetail> {
  const organizationId = targetOrganization(actor, input.organization_id);
  const academicYear =
    input.academic_year ?? (await findLatestAcademicYear(db, organizationId)) ?? academicYearOf(schoolNow());
  const values = {
    organizationId,
    academicYear,
    number: input.number,
    letter: input.letter,
    managerId: input.manager_id,
  };
  await checkGroup(db, values);
  const id = await insertGroup(db, values);
  return getGroup(db, actor, id);
}

export async function updateGroup(
  db: Database,
  actor: Actor,
  id: number,
  input: GroupInputParsed,
): Promise<GroupDetail> {
  const owner = await loadOwnedGroup(db, actor, id);
  if (input.organization_id !== undefined && input.organization_id !== owner.organizationId) {
    throw unprocessable(VALIDATION_MESSAGE, {
      organization_id: ['Класс нельзя перенести в другую организацию'],
    });
  }
  const values = {
    organizationId: owner.organizationId,
    academicYear: input.academic_year ?? owner.academicYear,
    number: input.number,
    letter: input.letter,
    managerId: input.manager_id,
  };
  await checkGroup(db, values, id);
  await updateGroupRow(db, id, values);
  return getGroup(db, actor, id);
}

/** Deletes an empty class; a class with students, load or a timetable is kept and the answer says why. */
export async function deleteGroup(db: Database, actor: Actor, id: number): Promise<void> {
  const row = await loadOwnedGroup(db, actor, id);
  const name = `${row.number}${row.letter}`;
  const dependents = await countGroupDependents(db, id);
  if (dependents.activeStudents > 0) {
    throw conflict(
      `Нельзя удалить класс ${name}: в нём ${studentsPhrase(dependents.activeStudents)}. ` +
        'Сначала переведите их в другой класс или отметьте выбывшими.',
    );
  }
  if (dependents.leftStudents > 0) {
    throw conflict(
      `Нельзя удалить класс ${name}: в нём числятся выбывшие ученики (${dependents.leftStudents}), ` +
        'их история хранится вместе с классом.',
    );
  }
  if (dependents.loads > 0) {
    throw conflict(
      `Нельзя удалить класс ${name}: для него задана нагрузка. Сначала удалите её на странице «Нагрузка».`,
    );
  }
  if (dependents.timetable > 0) {
    throw conflict(`Нельзя удалить класс ${name}: он есть в расписании. Сначала уберите его из расписания.`);
  }
  await deleteGroupRow(db, id);
}

/** «1 ученик», «3 ученика», «25 учеников». */
function studentsPhrase(count: number): string {
  return `${count} ${plural(count, 'ученик', 'ученика', 'учеников')}`;
}

// ---------------------------------------------------------------- subgroups

export async function getSubgroups(db: Database, actor: Actor, id: number): Promise<GroupSubgroups> {
  const owner = await loadOwnedGroup(db, actor, id);
  const [[row], students, subjects, sets] = await Promise.all([
    findGroups(db, actor, { organizationId: owner.organizationId, id }),
    findGroupStudents(db, id),
    findSubjects(db, owner.organizationId),
    findSubgroupSets(db, id),
  ]);
  return {
    group: toGroup(row),
    students: students
      .filter((student) => student.status === 'active')
      .map(({ id: studentId, surname, name, patronymic }) => ({ id: studentId, surname, name, patronymic })),
    subjects,
    sets,
  };
}

/** A subject of the class's own organization (a subject of a sibling school is not found). */
function loadSubject(db: Database, actor: Actor, organizationId: number, subjectId: number) {
  return findInScope(
    db,
    actor,
    subjects,
    subjectId,
    'Предмет не найден',
    eq(subjects.organizationId, organizationId),
  );
}

/** Replaces the split of the class for one subject; only the class's active students may be in it. */
export async function saveSubgroups(
  db: Database,
  actor: Actor,
  id: number,
  subjectId: number,
  input: SubgroupSetInputParsed,
): Promise<SubgroupSet> {
  const owner = await loadOwnedGroup(db, actor, id);
  await loadSubject(db, actor, owner.organizationId, subjectId);
  const classStudents = new Set(await findActiveStudentIds(db, id));
  const errors: Record<string, string[]> = {};
  input.subgroups.forEach((subgroup, index) => {
    if (subgroup.student_ids.some((studentId) => !classStudents.has(studentId))) {
      errors[`subgroups.${index}.student_ids`] = ['В подгруппе может быть только ученик этого класса'];
    }
  });
  if (Object.keys(errors).length > 0) throw unprocessable(VALIDATION_MESSAGE, errors);
  await replaceSubgroupSet(
    db,
    { organizationId: owner.organizationId, classId: id, subjectId },
    input.subgroups,
  );
  const sets = await findSubgroupSets(db, id);
  return sets.find((set) => set.subject_id === subjectId)!;
}

/** Removes the split (the class learns the subject whole); refused while the load uses its subgroups. */
export async function removeSubgroups(
  db: Database,
  actor: Actor,
  id: number,
  subjectId: number,
): Promise<void> {
  const owner = await loadOwnedGroup(db, actor, id);
  await loadSubject(db, actor, owner.organizationId, subjectId);
  if ((await countSubgroupUsage(db, id, subjectId)) > 0) {
    throw conflict('Нельзя отменить деление: подгруппы используются в нагрузке. Сначала измените нагрузку.');
  }
  if (!(await deleteSubgroupSet(db, id, subjectId))) throw notFound('Деление на подгруппы не найдено');
}
