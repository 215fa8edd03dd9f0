import type { LoadInputParsed, LoadItem } from '@parta/shared/domain/contracts/timetable';
import { groupName, joinedTeacherName } from '@parta/shared/domain/names';
import { classWeeklyHours, weeklyLoadWarning } from '@parta/shared/domain/timetable';
import { and, eq } from 'drizzle-orm';
import { findInScope, scopeFilter } from '../../access/scope';
import type { Database } from '../../db/client';
import { classes, loads } from '../../db/schema';
import type { Actor } from '../../plugins/auth';
import { conflict, notFound, unprocessable, VALIDATION_MESSAGE } from '../../plugins/errors';
import { readSchoolSettings } from '../settings/school-settings.service';
import {
  deleteLoad,
  findActiveSubject,
  findLoads,
  findRoomOf,
  findStaffMember,
  findSubgroupOf,
  findSubgroupsOfSubject,
  insertLoads,
  type LoadRow,
  type LoadValues,
  ofLatestYear,
  updateLoad,
} from './loads.repository';

const NOT_FOUND = 'Строка нагрузки не найдена';
const CLASS_NOT_FOUND = 'Класс не найден';

/** A load line as the API answers it (GET /api/load, the journal's head). */
export function toLoadItem(row: LoadRow): LoadItem {
  return {
    id: row.id,
    organization_id: row.organization_id,
    group_id: row.group_id,
    group_name: groupName(row),
    grade: row.number,
    subgroup_id: row.subgroup_id,
    subgroup_name: row.subgroup_name,
    subject_id: row.subject_id,
    subject_name: row.subject_name,
    teacher_id: row.teacher_id,
    teacher_name: joinedTeacherName(row),
    hours_per_week: row.hours_per_week,
    room_kind: row.room_kind,
    room_id: row.room_id,
    room_name: row.room_name,
    pair_allowed: row.pair_allowed,
    subgroups_parallel: row.subgroups_parallel,
    graded: row.graded,
  };
}

/** GET /api/load: lines of the caller's tree, narrowed to a class and/or a teacher. */
export async function listLoads(
  db: Database,
  actor: Actor,
  query: { organization_id?: number; group_id?: number; teacher_id?: number },
): Promise<LoadItem[]> {
  const rows = await findLoads(
    db,
    and(
      scopeFilter(actor, loads.organizationId, query.organization_id),
      query.group_id === undefined ? ofLatestYear : eq(loads.classId, query.group_id),
      query.teacher_id === undefined ? undefined : eq(loads.teacherId, query.teacher_id),
    ),
  );
  return rows.map(toLoadItem);
}

/** СанПиН warnings of one class's weekly total (shown to the user; the save is not refused). */
async function classWarnings(
  db: Database,
  actor: Actor,
  classRow: { id: number; number: number; organizationId: number },
) {
  const items = await listLoads(db, actor, { group_id: classRow.id });
  const settings = await readSchoolSettings(db, classRow.organizationId);
  const warning = weeklyLoadWarning(classRow.number, classWeeklyHours(items), settings.working_days_per_week);
  return warning ? [`${groupName(classRow)}: ${warning}`] : [];
}

/** Checks what a line refers to: all of the class's own organization; 422 with the field otherwise. */
async function resolveLine(db: Database, actor: Actor, input: LoadInputParsed) {
  const classRow = await findInScope(db, actor, classes, input.group_id, CLASS_NOT_FOUND);
  const errors: Record<string, string[]> = {};
  if (!(await findActiveSubject(db, input.subject_id, classRow.organizationId))) {
    errors.subject_id = ['Предмет не найден в этой организации'];
  }
  if (input.teacher_id !== null && !(await findStaffMember(db, input.teacher_id, classRow.organizationId))) {
    errors.teacher_id = ['Учитель не найден в этой организации'];
  }
  if (
    input.subgroup_id !== null &&
    !(await findSubgroupOf(db, input.subgroup_id, classRow.id, input.subject_id))
  ) {
    errors.subgroup_id = ['Подгруппа не относится к этому классу и предмету'];
  }
  if (input.room_id != null && !(await findRoomOf(db, input.room_id, classRow.organizationId))) {
    errors.room_id = ['Кабинет не найден в этой организации'];
  }
  if (Object.keys(errors).length > 0) throw unprocessable(VALIDATION_MESSAGE, errors);
  const values: LoadValues = {
    classId: classRow.id,
    subgroupId: input.subgroup_id,
    subjectId: input.subject_id,
    teacherId: input.teacher_id,
    hoursPerWeek: input.hours_per_week,
    roomKind: input.room_kind,
    roomId: input.room_id,
    pairAllowed: input.pair_allowed,
    subgroupsParallel: input.subgroups_parallel,
    graded: input.graded,
  };
  return { classRow, values };
}

async function getLoad(db: Database, actor: Actor, id: number): Promise<LoadItem> {
  const [row] = await findLoads(db, and(eq(loads.id, id), scopeFilter(actor, loads.organizationId)));
  if (!row) throw notFound(NOT_FOUND);
  return toLoadItem(row);
}

export async function createLoad(db: Database, actor: Actor, input: LoadInputParsed) {
  const { classRow, values } = await resolveLine(db, actor, input);
  const [id] = await insertLoads(db, classRow.organizationId, [values]);
  return { data: await getLoad(db, actor, id), warnings: await classWarnings(db, actor, classRow) };
}

export async function changeLoad(db: Database, actor: Actor, id: number, input: LoadInputParsed) {
  await findInScope(db, actor, loads, id, NOT_FOUND);
  const { classRow, values } = await resolveLine(db, actor, input);
  await updateLoad(db, id, values);
  return { data: await getLoad(db, actor, id), warnings: await classWarnings(db, actor, classRow) };
}

/** Deletes a line; its template slots go with it, dated lessons keep their subject and teacher. */
export async function removeLoad(db: Database, actor: Actor, id: number) {
  await findInScope(db, actor, loads, id, NOT_FOUND);
  await deleteLoad(db, id);
}

/**
 * Copies a class's load to another class of the same parallel (same number, same organization)
 * that has none yet; subgroup lines go to the target's subgroups of that subject by position.
 */
export async function copyLoad(db: Database, actor: Actor, fromId: number, toId: number) {
  const source = await findInScope(db, actor, classes, fromId, CLASS_NOT_FOUND);
  const target = await findInScope(db, actor, classes, toId, CLASS_NOT_FOUND);
  if (source.organizationId !== target.organizationId || source.number !== target.number) {
    throw unprocessable(VALIDATION_MESSAGE, {
      to_group_id: ['Копировать можно только в класс той же параллели'],
    });
  }
  if ((await listLoads(db, actor, { group_id: toId })).length > 0) {
    throw conflict(`У ${groupName(target)} уже есть нагрузка: удалите её или добавляйте строки по одной`);
  }
  const lines = await listLoads(db, actor, { group_id: fromId });
  const targetSubgroups = await findSubgroupsOfSubject(db, toId, [
    ...new Set(lines.filter((line) => line.subgroup_id !== null).map((line) => line.subject_id)),
  ]);
  const sourceSubgroupIndex = new Map<number, number>();
  const values: LoadValues[] = [];
  const wholeClassSplit = new Set<number>();
  for (const line of lines) {
    let subgroupId: number | null = null;
    if (line.subgroup_id !== null) {
      const index = sourceSubgroupIndex.get(line.subject_id) ?? 0;
      sourceSubgroupIndex.set(line.subject_id, index + 1);
      const options = targetSubgroups.filter((subgroup) => subgroup.subjectId === line.subject_id);
      if (options.length === 0) {
        // The target is not split for this subject: one whole-class line instead of the subgroups.
        if (wholeClassSplit.has(line.subject_id)) continue;
        wholeClassSplit.add(line.subject_id);
      } else if (index < options.length) {
        subgroupId = options[index].id;
      } else continue;
    }
    values.push({
      classId: toId,
      subgroupId,
      subjectId: line.subject_id,
      teacherId: line.teacher_id,
      hoursPerWeek: line.hours_per_week,
      roomKind: line.room_kind,
      roomId: line.room_id,
      pairAllowed: line.pair_allowed,
      subgroupsParallel: line.subgroups_parallel,
      graded: line.graded,
    });
  }
  await insertLoads(db, target.organizationId, values);
  return {
    message: `Нагрузка ${groupName(source)} скопирована в ${groupName(target)}`,
    copied: values.length,
    warnings: await classWarnings(db, actor, target),
  };
}

/** Every load line of one organization's classes of an academic year (the timetable generator's input). */
export function loadLinesOfYear(db: Database, organizationId: number, academicYear: string) {
  return findLoads(db, and(eq(loads.organizationId, organizationId), eq(classes.academicYear, academicYear)));
}
