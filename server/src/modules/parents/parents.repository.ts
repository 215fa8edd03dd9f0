import { and, asc, eq, ilike, inArray, or, sql } from 'drizzle-orm';
import { type ScopedActor, scopeFilter } from '../../access/scope';
import type { Database } from '../../db/client';
import { containsPattern } from '../../db/like';
import { classes, roles, studentParents, students, userRoles, users } from '../../db/schema';

/** What the card and the search show of a parent. */
const parentColumns = {
  id: users.id,
  surname: users.surname,
  name: users.name,
  patronymic: users.patronymic,
  login: users.login,
  phone: users.phone,
};

/** The user if it holds the Родитель role and belongs to that organization of the caller's scope. */
export async function findParentUser(
  db: Database,
  scope: ScopedActor,
  userId: number,
  organizationId: number,
) {
  const [row] = await db
    .select(parentColumns)
    .from(users)
    .innerJoin(userRoles, eq(userRoles.userId, users.id))
    .innerJoin(roles, eq(roles.id, userRoles.roleId))
    .where(
      and(
        eq(users.id, userId),
        eq(roles.code, 'parent'),
        scopeFilter(scope, users.organizationId, organizationId),
      ),
    )
    .limit(1);
  return row ?? null;
}

/** Up to `limit` parents of the organizations whose name, login or phone contains the text. */
export async function searchParents(db: Database, scope: ScopedActor, search: string, limit = 20) {
  const pattern = containsPattern(search);
  const digits = search.replace(/\D/g, '');
  return db
    .select(parentColumns)
    .from(users)
    .innerJoin(userRoles, eq(userRoles.userId, users.id))
    .innerJoin(roles, eq(roles.id, userRoles.roleId))
    .where(
      and(
        eq(roles.code, 'parent'),
        eq(users.active, true),
        scopeFilter(scope, users.organizationId),
        or(
          ilike(sql`concat_ws(' ', ${users.surname}, ${users.name}, ${users.patronymic})`, pattern),
          ilike(users.login, pattern),
          digits.length >= 3
            ? sql`regexp_replace(coalesce(${users.phone}, ''), '\\D', '', 'g') like ${`%${digits}%`}`
            : undefined,
        ),
      ),
    )
    .orderBy(asc(users.surname), asc(users.name), asc(users.id))
    .limit(limit);
}

/** Children of each parent as «Фамилия Имя, 5А» (only students still in the lists). */
export async function findChildrenOfParents(db: Database, parentIds: number[]) {
  if (parentIds.length === 0) return new Map<number, string[]>();
  const rows = await db
    .select({
      parentId: studentParents.parentUserId,
      surname: students.surname,
      name: students.name,
      number: classes.number,
      letter: classes.letter,
    })
    .from(studentParents)
    .innerJoin(students, eq(students.id, studentParents.studentId))
    .leftJoin(classes, eq(classes.id, students.classId))
    .where(and(inArray(studentParents.parentUserId, parentIds), eq(students.status, 'active')))
    .orderBy(asc(students.surname), asc(students.name));
  const byParent = new Map<number, string[]>();
  for (const row of rows) {
    const label =
      row.number === null
        ? `${row.surname} ${row.name}`
        : `${row.surname} ${row.name}, ${row.number}${row.letter}`;
    byParent.set(row.parentId, [...(byParent.get(row.parentId) ?? []), label]);
  }
  return byParent;
}

export async function isLinked(db: Database, studentId: number, parentUserId: number) {
  const [row] = await db
    .select({ id: studentParents.id })
    .from(studentParents)
    .where(and(eq(studentParents.studentId, studentId), eq(studentParents.parentUserId, parentUserId)));
  return Boolean(row);
}

/** Links the parent; a parent unlinked from all children earlier signs in again. */
export async function linkParent(
  db: Database,
  values: { organizationId: number; studentId: number; parentUserId: number },
) {
  await db.transaction(async (tx) => {
    await tx.insert(studentParents).values(values);
    await tx.update(users).set({ active: true }).where(eq(users.id, values.parentUserId));
  });
}

/** Unlinks the parent; a parent left with no child cannot sign in any more (the account stays for history). */
export async function unlinkParent(db: Database, studentId: number, parentUserId: number) {
  await db.transaction(async (tx) => {
    await tx
      .delete(studentParents)
      .where(and(eq(studentParents.studentId, studentId), eq(studentParents.parentUserId, parentUserId)));
    const [other] = await tx
      .select({ id: studentParents.id })
      .from(studentParents)
      .where(eq(studentParents.parentUserId, parentUserId))
      .limit(1);
    if (!other) await tx.update(users).set({ active: false }).where(eq(users.id, parentUserId));
  });
}
