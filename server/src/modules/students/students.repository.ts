import { and, asc, count, eq, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { inScopePlaceholder, preparedInScope, type ScopeVariant, scopeParams } from '../../access/prepared';
import { type ScopedActor, scopeFilter } from '../../access/scope';
import type { Database } from '../../db/client';
import { containsPattern, searchWords } from '../../db/like';
import { classes, studentParents, students, users } from '../../db/schema';

export interface StudentFilter {
  /** One organization of the caller's scope; the whole scope when absent. */
  organizationId?: number;
  groupId?: number;
  search?: string;
  status: 'active' | 'left' | 'all';
}

const listColumns = {
  id: students.id,
  organizationId: students.organizationId,
  surname: students.surname,
  name: students.name,
  patronymic: students.patronymic,
  birthDate: students.birthDate,
  classId: students.classId,
  status: students.status,
  leftAt: students.leftAt,
  userId: students.userId,
  classNumber: classes.number,
  classLetter: classes.letter,
};

export type StudentRow = Awaited<ReturnType<typeof findStudentRows>>[number];

function filterWhere(scope: ScopedActor, filter: StudentFilter): SQL | undefined {
  const conditions: (SQL | undefined)[] = [
    scopeFilter(scope, students.organizationId, filter.organizationId),
  ];
  if (filter.groupId !== undefined) conditions.push(eq(students.classId, filter.groupId));
  if (filter.status !== 'all') conditions.push(eq(students.status, filter.status));
  // Every word must match some part of the full name: «иван пет» finds Петров Иван.
  for (const word of searchWords(filter.search)) {
    conditions.push(
      sql`concat_ws(' ', ${students.surname}, ${students.name}, ${students.patronymic}) ilike ${containsPattern(word)}`,
    );
  }
  return and(...conditions);
}

function findStudentRows(db: Database, where: SQL | undefined) {
  return db
    .select(listColumns)
    .from(students)
    .leftJoin(classes, eq(classes.id, students.classId))
    .where(where)
    .orderBy(
      asc(students.organizationId),
      asc(classes.number),
      asc(classes.letter),
      asc(students.surname),
      asc(students.name),
      asc(students.id),
    );
}

/** One page of students and the total the filter matches; the database does the paging. */
export async function findStudentPage(
  db: Database,
  scope: ScopedActor,
  filter: StudentFilter,
  page: number,
  perPage: number,
) {
  const where = filterWhere(scope, filter);
  const [rows, [{ total }]] = await Promise.all([
    findStudentRows(db, where)
      .limit(perPage)
      .offset((page - 1) * perPage),
    db.select({ total: count() }).from(students).where(where),
  ]);
  return { rows, total: Number(total) };
}

/** Every student the filter matches (the export), capped to keep one request bounded. */
export async function findAllStudents(
  db: Database,
  scope: ScopedActor,
  filter: StudentFilter,
  limit = 20_000,
) {
  return findStudentRows(db, filterWhere(scope, filter)).limit(limit);
}

/** The student's parents as a JSON array (surname, name order), in the same row. */
const parentsOfStudent = sql<
  {
    id: number;
    surname: string;
    name: string;
    patronymic: string | null;
    login: string;
    phone: string | null;
  }[]
>`coalesce((
  select json_agg(json_build_object('id', ${users.id}, 'surname', ${users.surname}, 'name', ${users.name},
                                    'patronymic', ${users.patronymic}, 'login', ${users.login},
                                    'phone', ${users.phone}) order by ${users.surname}, ${users.name})
    from ${studentParents} join ${users} on ${users.id} = ${studentParents.parentUserId}
   where ${studentParents.studentId} = ${students.id}), '[]'::json)`;

/**
 * The student card in one prepared statement: the student with the class, the diary login and the
 * parents. `managed`: the class teacher's row rule as well, only students of classes they lead
 * (`managerId`). Two statements, not one with «managerId is null or …»: PostgreSQL costs a prepared
 * statement's generic plan with that subquery in it (a scan of every class of the database), finds
 * the plan with the values cheaper and plans the card again on every call: at 1,000 schools that
 * planning (0.4 ms) was ten times the card's run and halved the card's throughput.
 */
function buildStudentCard(db: Database, variant: ScopeVariant, managed: boolean) {
  const diaryUser = alias(users, 'diary_user');
  const managerId = sql.placeholder('managerId');
  return db
    .select({ ...listColumns, login: diaryUser.login, parents: parentsOfStudent })
    .from(students)
    .leftJoin(classes, eq(classes.id, students.classId))
    .leftJoin(diaryUser, eq(diaryUser.id, students.userId))
    .where(
      and(
        eq(students.id, sql.placeholder('id')),
        inScopePlaceholder(students.organizationId, variant),
        managed
          ? sql`${students.classId} in (select ${classes.id} from ${classes} where ${classes.managerId} = ${managerId}::int)`
          : undefined,
      ),
    )
    .prepare(`student_card_${variant}${managed ? '_managed' : ''}`);
}
const studentCard = preparedInScope((db, variant) => buildStudentCard(db, variant, false));
const managedStudentCard = preparedInScope((db, variant) => buildStudentCard(db, variant, true));

/**
 * One student of the caller's scope with the class, diary login and parents; null when absent, out of
 * scope, or (with `managerId`) not in a class that teacher leads.
 */
export async function findStudent(db: Database, scope: ScopedActor, id: number, managerId: number | null) {
  const [row] =
    managerId === null
      ? await studentCard(db, scope).execute({ ...scopeParams(scope), id })
      : await managedStudentCard(db, scope).execute({ ...scopeParams(scope), id, managerId });
  return row ?? null;
}

export interface StudentValues {
  organizationId: number;
  surname: string;
  name: string;
  patronymic: string | null;
  birthDate: string | null;
  classId: number | null;
  status: 'active' | 'left';
  leftAt: string | null;
}

export async function insertStudents(db: Database, values: StudentValues[]): Promise<number[]> {
  if (values.length === 0) return [];
  const rows = await db.insert(students).values(values).returning({ id: students.id });
  return rows.map((row) => row.id);
}

export async function updateStudent(db: Database, id: number, values: Omit<StudentValues, 'organizationId'>) {
  await db.update(students).set(values).where(eq(students.id, id));
}

/** Classes of one organization keyed by name ("5А"), for the import; the latest academic year wins. */
export async function findGroupsByName(db: Database, organizationId: number): Promise<Map<string, number>> {
  const rows = await db
    .select({ id: classes.id, number: classes.number, letter: classes.letter })
    .from(classes)
    .where(eq(classes.organizationId, organizationId))
    .orderBy(asc(classes.academicYear), asc(classes.id));
  return new Map(rows.map((row) => [`${row.number}${row.letter.toUpperCase()}`, row.id]));
}

/** ФИО + birth date of every student of the organization, for duplicate detection on import. */
export async function findStudentIdentities(db: Database, organizationId: number) {
  return db
    .select({
      surname: students.surname,
      name: students.name,
      patronymic: students.patronymic,
      birthDate: students.birthDate,
    })
    .from(students)
    .where(eq(students.organizationId, organizationId));
}

/** The organization of a class of the caller's scope (and row rule `where`); null when not found. */
export async function findGroupOrganization(db: Database, scope: ScopedActor, classId: number, where?: SQL) {
  const [row] = await db
    .select({ organizationId: classes.organizationId })
    .from(classes)
    .where(and(eq(classes.id, classId), scopeFilter(scope, classes.organizationId), where));
  return row?.organizationId ?? null;
}

/** Links the student to the user that signs in for them (the diary's Ученик account). */
export async function linkStudentLogin(db: Database, studentId: number, userId: number): Promise<void> {
  await db.update(students).set({ userId }).where(eq(students.id, studentId));
}
