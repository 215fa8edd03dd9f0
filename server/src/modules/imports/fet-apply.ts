import type { ImportResult } from '@parta/shared/domain/contracts/imports';
import type { Database } from '../../db/client';
import { generatePassword, hashPassword } from '../auth/auth.service';
import { freeLoginFor, loginTaken } from '../users/users.service';
import type { FetPlan } from './fet-plan';
import {
  addUserRoles,
  findRoleId,
  findSchool,
  findSetting,
  findSlots,
  findStaffRoles,
  findUserRoleIds,
  insertClass,
  insertLoad,
  insertRoom,
  insertSlots,
  insertSubgroup,
  insertSubgroupSet,
  insertSubject,
  insertTeacher,
  insertUnavailable,
  templateNamed,
  updateClassManager,
  updateLoadHours,
  updateRoomCapacity,
  updateStaffEmail,
  upsertSetting,
} from './imports.repository';
import { type Chosen, normalName, SchoolMatch } from './match';

/**
 * The name of the template an import keeps the file's locked lessons in: the file's own name without
 * `.fet` (an export of a template is named after it, so importing it back finds that very template).
 */
export const lockedTemplateName = (fileName: string) =>
  (fileName.replace(/\.(fet|xml)$/i, '').trim() || 'Импорт').slice(0, 100);

/**
 * Writes a plan into a school, in the caller's transaction: what the school has (matched as the
 * preview matched it) is kept, what it lacks is created, a room's capacity and a load line's hours
 * that changed are updated; nothing is deleted. The same plan applied again changes nothing.
 * Imported teachers get an account whose password nobody knows: the director hands each a one-time
 * one (reset password) when they say so; nothing is sent.
 */
export async function applyFetPlan(
  tx: Database,
  plan: FetPlan,
  target: { organizationId: number; academicYear: string; fileName: string; chosen?: Chosen },
  progress: (done: number, total: number) => void,
): Promise<ImportResult> {
  const { organizationId, academicYear } = target;
  const school = await findSchool(tx, organizationId, academicYear);
  const match = new SchoolMatch(plan, school, target.chosen);
  const created: Record<string, number> = {};
  const updated: Record<string, number> = {};
  const add = (to: Record<string, number>, key: string) => {
    to[key] = (to[key] ?? 0) + 1;
  };
  const total =
    plan.teachers.length + plan.subjects.length + plan.classes.length + plan.rooms.length + plan.loads.length;
  let done = 0;
  const step = () => progress(++done, total);

  for (const [key, value] of [
    ['working_days_per_week', plan.days],
    ['max_lessons_per_day', plan.lessonsPerDay],
  ] as const) {
    // A register says nothing of the week.
    if (value === null || (await findSetting(tx, organizationId, key)) === String(value)) continue;
    await upsertSetting(tx, organizationId, key, String(value));
    add(updated, 'settings');
  }

  const teacherRole = plan.teachers.some((t) => !match.teacherIds.has(t.source))
    ? await findRoleId(tx, 'teacher')
    : 0;
  const roleIds = plan.teachers.some((t) => (t.roles ?? []).length > 0)
    ? new Map((await findStaffRoles(tx, organizationId)).map((r) => [normalName(r.name), r.id]))
    : new Map<string, number>();
  const rolesOf = (t: FetPlan['teachers'][number]) =>
    (t.roles ?? []).length === 0
      ? [teacherRole]
      : [...new Set((t.roles ?? []).flatMap((r) => roleIds.get(normalName(r)) ?? []))];
  const staffEmail = new Map(school.staff.map((u) => [u.id, u.email]));
  for (const t of plan.teachers) {
    const existing = match.teacherIds.get(t.source);
    if (existing === undefined) {
      const person = { surname: t.surname, name: t.name, patronymic: t.patronymic ?? null };
      const login = t.login && !(await loginTaken(tx, t.login)) ? t.login : await freeLoginFor(tx, person);
      const id = await insertTeacher(
        tx,
        {
          organizationId,
          ...person,
          email: t.email ?? null,
          login,
          passwordHash: await hashPassword(generatePassword()),
        },
        rolesOf(t),
      );
      match.teacherIds.set(t.source, id);
      add(created, 'teachers');
    } else if (t.roles !== undefined) {
      // A staff register's row: its e-mail and roles brought up to date (no role is taken away).
      let changed = false;
      if (t.email && t.email !== staffEmail.get(existing)) {
        await updateStaffEmail(tx, existing, t.email);
        changed = true;
      }
      if (t.roles.length > 0) {
        const have = new Set(await findUserRoleIds(tx, existing));
        const missing = rolesOf(t).filter((id) => !have.has(id));
        await addUserRoles(tx, existing, organizationId, missing);
        changed ||= missing.length > 0;
      }
      if (changed) add(updated, 'teachers');
    }
    step();
  }
  for (const name of plan.subjects) {
    if (!match.subjectIds.has(name)) {
      match.subjectIds.set(name, await insertSubject(tx, organizationId, name));
      add(created, 'subjects');
    }
    step();
  }
  const managerOf = new Map(school.classes.map((c) => [c.id, c.managerId]));
  for (const c of plan.classes) {
    const existing = match.classIds.get(c.source);
    const managerId = c.manager
      ? (match.teacherIds.get(c.manager) ?? match.staffId(c.manager) ?? null)
      : null;
    if (existing === undefined) {
      match.classIds.set(
        c.source,
        await insertClass(tx, {
          organizationId,
          number: c.number,
          letter: c.letter,
          academicYear,
          managerId,
        }),
      );
      add(created, 'classes');
    } else if (c.manager && managerId !== managerOf.get(existing)) {
      await updateClassManager(tx, existing, managerId);
      add(updated, 'classes');
    }
    step();
  }
  for (const r of plan.rooms) {
    const found = match.roomByName.get(normalName(r.name));
    if (!found) {
      await insertRoom(tx, organizationId, r.name, r.capacity);
      match.roomByName.set(normalName(r.name), { id: 0, capacity: r.capacity });
      add(created, 'rooms');
    } else if (found.capacity !== r.capacity && r.capacity !== null) {
      await updateRoomCapacity(tx, found.id, r.capacity);
      add(updated, 'rooms');
    }
    step();
  }
  for (const s of plan.subgroups) {
    const classId = match.classIds.get(s.classSource)!;
    const subjectId = match.subjectIds.get(s.subject)!;
    if (match.subgroupId(classId, subjectId, s.name) !== undefined) continue;
    let setId = match.setId(classId, subjectId);
    if (setId === undefined) {
      setId = await insertSubgroupSet(tx, { organizationId, classId, subjectId });
      match.addSet(classId, subjectId, setId);
    }
    match.addSubgroup(classId, subjectId, s.name, await insertSubgroup(tx, organizationId, setId, s.name));
    add(created, 'subgroups');
  }
  for (const l of plan.loads) {
    const existing = match.load(l);
    if (!existing) {
      const [classId, subgroupId, subjectId, teacherId] = match.loadIds(l)!;
      match.addLoad(
        l,
        await insertLoad(tx, {
          organizationId,
          classId,
          subgroupId,
          subjectId,
          teacherId,
          hoursPerWeek: l.hours,
          subgroupsParallel: subgroupId === null,
        }),
      );
      add(created, 'loads');
    } else if (existing.hours !== l.hours) {
      await updateLoadHours(tx, existing.id, l.hours);
      add(updated, 'loads');
    }
    step();
  }
  const cells = plan.unavailable.flatMap((u) => {
    const teacherId = match.teacherIds.get(u.teacher)!;
    return match.hasUnavailable(teacherId, u.weekday, u.lesson)
      ? []
      : [{ teacherId, weekday: u.weekday, lesson: u.lesson }];
  });
  await insertUnavailable(tx, organizationId, cells);
  if (cells.length > 0) created.unavailable = cells.length;

  if (plan.slots.length > 0) {
    const template = await templateNamed(tx, {
      organizationId,
      name: lockedTemplateName(target.fileName),
      academicYear,
    });
    if (template.created) add(created, 'templates');
    const have = new Set(
      (await findSlots(tx, template.id)).map((s) => `${s.loadId}|${s.weekday}|${s.lesson}`),
    );
    const rows = plan.slots.flatMap((slot) => {
      const loadId = match.load(slot.loadKey)!.id;
      const key = `${loadId}|${slot.weekday}|${slot.lesson}`;
      if (have.has(key)) return [];
      have.add(key);
      const line = plan.loads.find((l) => l.key === slot.loadKey)!;
      const [classId, subgroupId] = match.loadIds(line)!;
      return [
        {
          organizationId,
          templateId: template.id,
          loadId,
          classId,
          subgroupId,
          weekday: slot.weekday,
          lessonNumber: slot.lesson,
        },
      ];
    });
    await insertSlots(tx, rows);
    if (rows.length > 0) created.slots = rows.length;
  }
  return { created, updated };
}
