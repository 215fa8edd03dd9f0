import type {
  Student,
  StudentImportResult,
  StudentInputParsed,
  StudentList,
  StudentListItem,
  StudentLoginResult,
} from '@parta/shared/domain/contracts/people';
import { ownClassRule } from '../../access/class-teacher';
import { targetOrganization } from '../../access/organization';
import type { Database } from '../../db/client';
import { classes } from '../../db/schema';
import { WorkbookError } from '../../files/workbook';
import type { Actor } from '../../plugins/auth';
import { can } from '../../plugins/auth';
import { conflict, notFound, unprocessable, VALIDATION_MESSAGE } from '../../plugins/errors';
import { generatePassword, hashPassword } from '../auth/auth.service';
import { schoolToday } from '../clock/clock.service';
import { createAccount, freeLoginFor, loginTaken } from '../users/users.service';
import { checkImportRows, readStudentWorkbook, studentKey, writeStudentWorkbook } from './student-import';
import {
  findAllStudents,
  findGroupOrganization,
  findGroupsByName,
  findStudent,
  findStudentIdentities,
  findStudentPage,
  insertStudents,
  linkStudentLogin,
  type StudentRow,
  updateStudent as updateStudentRow,
} from './students.repository';

const NOT_FOUND = 'Ученик не найден';

export interface StudentListFilter {
  page: number;
  per_page: number;
  search?: string;
  group_id?: number;
  status: 'active' | 'left' | 'all';
  organization_id?: number;
}

const today = () => schoolToday();

function toListItem(row: StudentRow): StudentListItem {
  return {
    id: row.id,
    organization_id: row.organizationId,
    surname: row.surname,
    name: row.name,
    patronymic: row.patronymic,
    birth_date: row.birthDate,
    group_id: row.classId,
    group_name:
      row.classNumber !== null && row.classLetter !== null ? `${row.classNumber}${row.classLetter}` : '',
    status: row.status,
    left_at: row.leftAt,
  };
}

/** GET /api/students: one page of the caller's students; the database filters and pages. */
export async function listStudents(
  db: Database,
  actor: Actor,
  filter: StudentListFilter,
): Promise<StudentList> {
  const { rows, total } = await findStudentPage(
    db,
    actor,
    {
      organizationId: filter.organization_id,
      groupId: filter.group_id,
      search: filter.search,
      status: filter.status,
    },
    filter.page,
    filter.per_page,
  );
  return {
    data: rows.map(toListItem),
    meta: {
      current_page: filter.page,
      per_page: filter.per_page,
      total,
      last_page: Math.max(1, Math.ceil(total / filter.per_page)),
    },
  };
}

/** The student card; `forEdit` applies the class teacher's row rule (another class: not found). */
export async function getStudent(db: Database, actor: Actor, id: number, forEdit = false): Promise<Student> {
  const managerId = forEdit && !can(actor, 'classes.edit') ? actor.userId : null;
  const row = await findStudent(db, actor, id, managerId);
  if (!row) throw notFound(NOT_FOUND);
  return {
    ...toListItem(row),
    group:
      row.classId !== null && row.classNumber !== null
        ? { id: row.classId, number: row.classNumber, letter: row.classLetter ?? '' }
        : null,
    login: row.login ?? null,
    parents: row.parents,
  };
}

/** The class must be one of the student's organization (a student never sits in another school's class). */
async function checkGroup(db: Database, actor: Actor, groupId: number | null, organizationId: number | null) {
  if (groupId === null) {
    if (!can(actor, 'classes.edit')) {
      throw unprocessable(VALIDATION_MESSAGE, { group_id: ['Выберите свой класс'] });
    }
    return null;
  }
  const groupOrganization = await findGroupOrganization(db, actor, groupId, ownClassRule(actor, classes.id));
  if (groupOrganization === null) {
    throw unprocessable(VALIDATION_MESSAGE, { group_id: ['Класс не найден'] });
  }
  if (organizationId !== null && groupOrganization !== organizationId) {
    throw unprocessable(VALIDATION_MESSAGE, { group_id: ['Класс другой организации'] });
  }
  return groupOrganization;
}

export async function createStudent(db: Database, actor: Actor, input: StudentInputParsed): Promise<Student> {
  const organizationId = (await checkGroup(db, actor, input.group_id, null)) ?? actor.organizationId;
  const identities = await findStudentIdentities(db, organizationId);
  const key = studentKey(input.surname, input.name, input.patronymic, input.birth_date);
  if (identities.some((row) => studentKey(row.surname, row.name, row.patronymic, row.birthDate) === key)) {
    throw unprocessable(VALIDATION_MESSAGE, { surname: ['Ученик с таким ФИО и датой рождения уже есть'] });
  }
  const [id] = await insertStudents(db, [
    {
      organizationId,
      surname: input.surname,
      name: input.name,
      patronymic: input.patronymic,
      birthDate: input.birth_date,
      classId: input.group_id,
      status: input.status,
      leftAt: input.status === 'left' ? today() : null,
    },
  ]);
  return getStudent(db, actor, id);
}

/** Saves the card: changing group_id moves the student, status `left` marks them as left (kept). */
export async function updateStudent(
  db: Database,
  actor: Actor,
  id: number,
  input: StudentInputParsed,
): Promise<Student> {
  const current = await getStudent(db, actor, id, true);
  await checkGroup(db, actor, input.group_id, current.organization_id);
  const leftAt = input.status === 'left' ? (current.status === 'left' ? current.left_at : today()) : null;
  await updateStudentRow(db, id, {
    surname: input.surname,
    name: input.name,
    patronymic: input.patronymic,
    birthDate: input.birth_date,
    classId: input.group_id,
    status: input.status,
    leftAt,
  });
  return getStudent(db, actor, id);
}

/**
 * Checks an uploaded class list and, unless it is a dry run, saves the rows without problems in one
 * transaction; rows with problems are answered with their reasons and skipped.
 */
export async function importStudents(
  db: Database,
  actor: Actor,
  file: Buffer,
  options: { dryRun: boolean; organizationId?: number },
): Promise<StudentImportResult> {
  const organizationId = targetOrganization(actor, options.organizationId);
  let raw: Awaited<ReturnType<typeof readStudentWorkbook>>;
  try {
    raw = await readStudentWorkbook(file);
  } catch (error) {
    if (error instanceof WorkbookError) throw unprocessable(error.message, { file: [error.message] });
    throw error;
  }
  const [groups, identities] = await Promise.all([
    findGroupsByName(db, organizationId),
    findStudentIdentities(db, organizationId),
  ]);
  const rows = checkImportRows(raw, {
    groups,
    existing: new Set(
      identities.map((row) => studentKey(row.surname, row.name, row.patronymic, row.birthDate)),
    ),
    today: today(),
  });
  const valid = rows.filter((row) => row.problems.length === 0);
  let created = 0;
  if (!options.dryRun && valid.length > 0) {
    const ids = await db.transaction(async (tx) =>
      insertStudents(
        tx,
        valid.map((row) => ({
          organizationId,
          surname: row.surname,
          name: row.name,
          patronymic: row.patronymic,
          birthDate: row.birth_date,
          classId: row.group_id,
          status: 'active' as const,
          leftAt: null,
        })),
      ),
    );
    created = ids.length;
  }
  return {
    dry_run: options.dryRun,
    rows,
    total: rows.length,
    valid: valid.length,
    invalid: rows.length - valid.length,
    created,
  };
}

/** The filtered list as an .xlsx workbook in the import's own columns. */
export async function exportStudents(
  db: Database,
  actor: Actor,
  filter: Omit<StudentListFilter, 'page' | 'per_page'>,
): Promise<{ buffer: Buffer; fileName: string }> {
  const rows = (
    await findAllStudents(db, actor, {
      organizationId: filter.organization_id,
      groupId: filter.group_id,
      search: filter.search,
      status: filter.status,
    })
  ).map(toListItem);
  const buffer = await writeStudentWorkbook(rows);
  const suffix = filter.group_id && rows[0]?.group_name ? `-${rows[0].group_name}` : '';
  return { buffer, fileName: `ученики${suffix}-${today()}.xlsx` };
}

/** Creates the student's sign-in for the diary and answers its password once. */
export async function createStudentLogin(
  db: Database,
  actor: Actor,
  id: number,
  input: { login?: string },
): Promise<StudentLoginResult> {
  const student = await getStudent(db, actor, id, true);
  if (student.login) throw conflict(`У ученика уже есть вход в дневник: логин ${student.login}`);
  if (input.login && (await loginTaken(db, input.login))) {
    throw unprocessable(VALIDATION_MESSAGE, { login: ['Этот логин уже занят'] });
  }
  const login = input.login ?? (await freeLoginFor(db, student));
  const password = generatePassword();
  const passwordHash = await hashPassword(password);
  await db.transaction(async (tx) => {
    const userId = await createAccount(
      tx,
      {
        organizationId: student.organization_id,
        surname: student.surname,
        name: student.name,
        patronymic: student.patronymic,
        login,
        passwordHash,
      },
      'student',
    );
    await linkStudentLogin(tx, id, userId);
  });
  return { login, password };
}
