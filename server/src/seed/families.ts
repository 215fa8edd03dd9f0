import { and, eq, ne } from 'drizzle-orm';
import { studentParents, students } from '../db/schema';
import { insertMany, insertUsers, type SeedContext, type SeedUser } from './context';
import { adultName, type PersonName, surnameFor } from './names';

/** The family's surname in its masculine form, from a student's surname (Иванова → Иванов, Невская → Невский). */
export function familySurname(surname: string, gender: 'm' | 'f'): string {
  if (gender === 'm') return surname;
  if (/(ская|цкая)$/.test(surname)) return `${surname.slice(0, -2)}ий`;
  if (/(ова|ева|ёва|ина|ына)$/.test(surname)) return surname.slice(0, -1);
  if (/ая$/.test(surname)) return `${surname.slice(0, -2)}ой`;
  return surname;
}

/**
 * Parents for the students of one organization: a mother for most, a father for some, both for a
 * few; about one family in twenty has a second child in another class, sharing the parents.
 * `skipStudentId` is the demo student, whose parent the seed makes itself.
 */
export async function seedFamilies(
  context: SeedContext,
  options: { organizationId: number; skipStudentId?: number; emailDomain: string },
) {
  const { db, random } = context;
  const rows = await db
    .select({
      id: students.id,
      surname: students.surname,
      gender: students.gender,
      classId: students.classId,
    })
    .from(students)
    .where(
      and(
        eq(students.organizationId, options.organizationId),
        eq(students.status, 'active'),
        options.skipStudentId === undefined ? undefined : ne(students.id, options.skipStudentId),
      ),
    )
    .orderBy(students.id);

  interface Family {
    surname: string;
    classIds: Set<number | null>;
    studentIds: number[];
    parents: PersonName[];
  }
  const families: Family[] = [];
  const renamed: { id: number; surname: string }[] = [];
  for (const student of rows) {
    const gender = student.gender === 'f' ? 'f' : 'm';
    // A younger brother or sister of an earlier child, in another class.
    const elder = random.chance(0.05) && families.length > 0 ? random.pick(families) : undefined;
    if (elder && !elder.classIds.has(student.classId) && elder.studentIds.length < 3) {
      elder.studentIds.push(student.id);
      elder.classIds.add(student.classId);
      const surname = surnameFor(elder.surname, gender);
      if (surname !== student.surname) renamed.push({ id: student.id, surname });
      continue;
    }
    const surname = familySurname(student.surname, gender);
    const parents: PersonName[] = [];
    const roll = random.int(1, 10);
    // 7 in 10: the mother; 2 in 10: the father; 1 in 10: both.
    if (roll <= 7 || roll === 10)
      parents.push({ ...adultName(random, 1), surname: surnameFor(surname, 'f') });
    if (roll >= 8) parents.push({ ...adultName(random, 0), surname });
    families.push({ surname, classIds: new Set([student.classId]), studentIds: [student.id], parents });
  }

  for (const { id, surname } of renamed)
    await db.update(students).set({ surname }).where(eq(students.id, id));

  const parentUsers: SeedUser[] = families.flatMap((family) =>
    family.parents.map((person) => ({
      person,
      organizationId: options.organizationId,
      roles: ['parent' as const],
      emailDomain: options.emailDomain,
    })),
  );
  const created = await insertUsers(context, parentUsers);
  const links: { organizationId: number; studentId: number; parentUserId: number }[] = [];
  let next = 0;
  for (const family of families) {
    for (const _parent of family.parents) {
      const parentUserId = created[next++].id;
      for (const studentId of family.studentIds)
        links.push({ organizationId: options.organizationId, studentId, parentUserId });
    }
  }
  await insertMany(db, studentParents, links);
  return { families: families.length, parents: created.length, links: links.length };
}
