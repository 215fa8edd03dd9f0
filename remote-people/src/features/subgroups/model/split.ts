import type { PersonRef } from '@parta/shared/domain/contracts/common';
import type { SubgroupSet } from '@parta/shared/domain/contracts/people';

/** A class split for one subject as the screen edits it: subgroup names and their students in order. */
export interface Split {
  names: string[];
  members: number[][];
}

/** Default names of a new split. */
export const DEFAULT_SUBGROUP_NAMES = ['Группа 1', 'Группа 2'];

const byName = (a: PersonRef, b: PersonRef) =>
  a.surname.localeCompare(b.surname, 'ru') || a.name.localeCompare(b.name, 'ru') || a.id - b.id;

/**
 * The split to start from: the saved one (students who left the class dropped, newcomers added to
 * the smaller subgroup), or, for a subject not split yet, the alphabetical list halved.
 */
export function initialSplit(students: PersonRef[], saved: SubgroupSet | undefined): Split {
  const sorted = [...students].sort(byName);
  const present = new Set(sorted.map((student) => student.id));
  if (!saved || saved.subgroups.length === 0) {
    const half = Math.ceil(sorted.length / 2);
    return {
      names: [...DEFAULT_SUBGROUP_NAMES],
      members: [sorted.slice(0, half).map((s) => s.id), sorted.slice(half).map((s) => s.id)],
    };
  }
  const members = saved.subgroups.map((subgroup) => subgroup.student_ids.filter((id) => present.has(id)));
  const placed = new Set(members.flat());
  for (const student of sorted) {
    if (placed.has(student.id)) continue;
    const smallest = members.reduce(
      (best, list, index) => (list.length < members[best].length ? index : best),
      0,
    );
    members[smallest].push(student.id);
  }
  return { names: saved.subgroups.map((subgroup) => subgroup.name), members };
}

/** Moves the students to subgroup `target`, out of whichever subgroup held them (one subgroup per split). */
export function moveStudents(split: Split, studentIds: number[], target: number): Split {
  const moving = new Set(studentIds);
  const members = split.members.map((list, index) =>
    index === target
      ? [...list.filter((id) => !moving.has(id)), ...studentIds.filter((id) => !list.includes(id))]
      : list.filter((id) => !moving.has(id)),
  );
  return { ...split, members };
}

/** The students of one subgroup, alphabetically, for display. */
export function membersOf(split: Split, index: number, students: PersonRef[]): PersonRef[] {
  const ids = new Set(split.members[index] ?? []);
  return students.filter((student) => ids.has(student.id)).sort(byName);
}
