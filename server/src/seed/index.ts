import { PERMISSIONS, ROLE_DEFINITIONS, type RoleCode } from '@parta/shared/domain/permissions';
import { eq, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import {
  balanceTransactions,
  organizationForms,
  organizationKinds,
  organizations,
  organizationTypes,
  permissions,
  rolePermissions,
  roles,
  studentParents,
  students,
} from '../db/schema';
import { hashPassword } from '../modules/auth/credentials';
import { schoolToday } from '../modules/clock/clock.service';
import { seedApplications } from './applications';
import { insertMany, insertUsers, type SeedContext } from './context';
import { journalUntil, SCHOOL_YEAR } from './curriculum';
import { seedFamilies } from './families';
import { seedJournal } from './journal';
import { seedKtp } from './ktp';
import { adultName, surnameFor } from './names';
import { Random } from './random';
import { seedSchool } from './school';
import type { SeedOptions, SeedResult, SeedStep } from './step';
import { seedTimetable } from './timetable';

export const DEMO_PASSWORD = 'parta2026';

/** Demo logins printed by `pnpm start` and used by the browser tests. */
export const DEMO_LOGINS: { login: string; role: string }[] = [
  { login: 'admin', role: 'Администратор платформы' },
  { login: 'director', role: 'Директор, МБОУ СОШ №1' },
  { login: 'zavuch', role: 'Завуч, МБОУ СОШ №1' },
  { login: 'teacher', role: 'Учитель и классный руководитель 5А' },
  { login: 'student', role: 'Ученик 5А' },
  { login: 'parent', role: 'Родитель ученика 5А' },
  { login: 'director2', role: 'Директор, Гимназия №2' },
];

const LARGE_LETTERS = ['А', 'Б', 'В', 'Г', 'Д', 'Е', 'Ж'];
const LARGE_SPECIALIST_SCALE = 0.78;

/**
 * Steps of later issues, run in order after the base seed inside the same transaction:
 * import `seedTimetable`, `seedJournal`, `seedKtp`… from ./<area>.ts and list them here.
 */
const SEED_STEPS: SeedStep[] = [seedTimetable, seedJournal, seedApplications, seedKtp];

async function seedDictionaries(db: Database) {
  const typeIds = await insertMany(db, organizationTypes, [
    { name: 'Общеобразовательная организация' },
    { name: 'Организация дополнительного образования' },
    { name: 'Профессиональная образовательная организация' },
    { name: 'Оператор платформы' },
  ]);
  const formIds = await insertMany(db, organizationForms, [
    { name: 'Муниципальное бюджетное учреждение', shortName: 'МБУ' },
    { name: 'Муниципальное автономное учреждение', shortName: 'МАУ' },
    { name: 'Муниципальное казённое учреждение', shortName: 'МКУ' },
    { name: 'Государственное бюджетное учреждение', shortName: 'ГБУ' },
    { name: 'Частное учреждение', shortName: 'ЧУ' },
    { name: 'Общество с ограниченной ответственностью', shortName: 'ООО' },
  ]);
  const kindIds = await insertMany(db, organizationKinds, [
    { name: 'Средняя общеобразовательная школа' },
    { name: 'Основная общеобразовательная школа' },
    { name: 'Начальная общеобразовательная школа' },
    { name: 'Гимназия' },
    { name: 'Лицей' },
    { name: 'Центр образования' },
    { name: 'Филиал' },
  ]);
  return { typeIds, formIds, kindIds };
}

async function seedRoles(db: Database): Promise<Record<RoleCode, number>> {
  await db
    .insert(permissions)
    .values(Object.entries(PERMISSIONS).map(([key, description]) => ({ key, description })));
  const codes = Object.keys(ROLE_DEFINITIONS) as RoleCode[];
  const ids = await insertMany(
    db,
    roles,
    codes.map((code) => ({ code, name: ROLE_DEFINITIONS[code].name, organizationId: null })),
  );
  await db
    .insert(rolePermissions)
    .values(
      codes.flatMap((code, index) =>
        ROLE_DEFINITIONS[code].permissions.map((permissionKey) => ({ roleId: ids[index], permissionKey })),
      ),
    );
  return Object.fromEntries(codes.map((code, index) => [code, ids[index]])) as Record<RoleCode, number>;
}

/**
 * The deterministic demo: the platform, «МБОУ СОШ №1» with a branch, «Гимназия №2» as a separate tree,
 * staff, classes, students, subjects, bells, periods, load, work types and balances. One transaction.
 * The journal reaches the day before `options.today` (the school clock's today at the first start):
 * the same date always builds the same school.
 */
export async function seed(db: Database, options: SeedOptions = {}): Promise<SeedResult> {
  const size = options.size ?? 'demo';
  const today = options.today ?? schoolToday();
  // The large seed is a finished year (every period closed); the demo a school on the day it starts.
  const until = size === 'large' ? SCHOOL_YEAR.endDate : journalUntil(today);
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  return db.transaction(async (tx) => {
    const { typeIds, formIds, kindIds } = await seedDictionaries(tx);
    const roleIds = await seedRoles(tx);
    const context: SeedContext = {
      db: tx,
      random: new Random(20262027),
      passwordHash,
      roleIds,
      logins: new Set(),
    };

    const [platformId] = await insertMany(tx, organizations, [
      {
        name: 'ООО «Парта»',
        shortName: 'Парта',
        inn: '7701234560',
        kpp: '770101001',
        ogrn: '1027700000019',
        region: 'г. Москва',
        typeId: typeIds[3],
        formId: formIds[5],
        address: 'г. Москва, ул. Лесная, д. 5',
        isPlatform: true,
      },
    ]);
    const [school1Id] = await insertMany(tx, organizations, [
      {
        name: 'Муниципальное бюджетное общеобразовательное учреждение «Средняя общеобразовательная школа №1»',
        shortName: 'МБОУ СОШ №1',
        inn: '5024012340',
        kpp: '502401001',
        ogrn: '1025000000013',
        region: 'Московская область',
        typeId: typeIds[0],
        formId: formIds[0],
        kindId: kindIds[0],
        address: 'Московская обл., г. Красногорск, ул. Школьная, д. 1',
        balance: 15_400,
        bonusBalance: 2_500,
      },
    ]);
    const [branchId, school2Id] = await insertMany(tx, organizations, [
      {
        parentId: school1Id,
        name: 'Филиал МБОУ СОШ №1 в пос. Берёзовка',
        shortName: 'Филиал СОШ №1 (Берёзовка)',
        inn: '5024012340',
        kpp: '502402001',
        region: 'Московская область',
        typeId: typeIds[0],
        formId: formIds[0],
        kindId: kindIds[6],
        address: 'Московская обл., пос. Берёзовка, ул. Центральная, д. 12',
      },
      {
        name: 'Муниципальное автономное общеобразовательное учреждение «Гимназия №2»',
        shortName: 'Гимназия №2',
        inn: '5024054325',
        kpp: '502401001',
        ogrn: '1025000000024',
        region: 'Московская область',
        typeId: typeIds[0],
        formId: formIds[1],
        kindId: kindIds[3],
        address: 'Московская обл., г. Красногорск, пр. Мира, д. 20',
        balance: 3_200,
      },
    ]);
    await tx.insert(balanceTransactions).values([
      {
        organizationId: school1Id,
        amount: 15_400,
        kind: 'balance',
        comment: 'Оплата по счёту №118 от 01.09.2026',
      },
      { organizationId: school1Id, amount: 2_500, kind: 'bonus', comment: 'Бонус за подключение' },
      {
        organizationId: school2Id,
        amount: 3_200,
        kind: 'balance',
        comment: 'Оплата по счёту №121 от 03.09.2026',
      },
    ]);

    const [adminPerson, directorPerson, zavuchPerson, director2Person] = [
      { surname: 'Соколов', name: 'Андрей', patronymic: 'Викторович', gender: 'm' as const },
      { surname: 'Кузнецова', name: 'Елена', patronymic: 'Викторовна', gender: 'f' as const },
      { surname: 'Морозова', name: 'Ирина', patronymic: 'Александровна', gender: 'f' as const },
      { surname: 'Орлов', name: 'Павел', patronymic: 'Андреевич', gender: 'm' as const },
    ];
    await insertUsers(context, [
      {
        person: adminPerson,
        login: 'admin',
        organizationId: platformId,
        roles: ['platform_admin'],
        emailDomain: 'parta.test',
      },
      {
        person: directorPerson,
        login: 'director',
        organizationId: school1Id,
        roles: ['director'],
        emailDomain: 'sch1.parta.test',
      },
      {
        person: zavuchPerson,
        login: 'zavuch',
        organizationId: school1Id,
        roles: ['deputy'],
        emailDomain: 'sch1.parta.test',
      },
      {
        person: director2Person,
        login: 'director2',
        organizationId: school2Id,
        roles: ['director'],
        emailDomain: 'gym2.parta.test',
      },
    ]);

    const large = size === 'large';
    const school1 = await seedSchool(context, {
      organizationId: school1Id,
      grades: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11],
      letters: ['А', 'Б'],
      // Large: 70 classes (seven parallels of 1–4, six of 5–11) of about 28, ~120 teachers.
      ...(large
        ? {
            lettersFor: (grade: number) => LARGE_LETTERS.slice(0, grade <= 4 ? 7 : 6),
            specialistScale: LARGE_SPECIALIST_SCALE,
          }
        : {}),
      studentsPerClass: large ? 28 : 27,
      closedUntil: until,
      emailDomain: 'sch1.parta.test',
      demoTeacher: {
        specialty: 'math',
        login: 'teacher',
        person: { surname: 'Лебедева', name: 'Ольга', patronymic: 'Николаевна', gender: 'f' },
      },
    });
    const branch = await seedSchool(context, {
      organizationId: branchId,
      grades: [1, 2, 3, 4],
      letters: ['А'],
      studentsPerClass: 14,
      closedUntil: until,
      emailDomain: 'sch1.parta.test',
    });
    const school2 = await seedSchool(context, {
      organizationId: school2Id,
      grades: [5, 6, 7, 8, 9],
      letters: ['А', 'Б'],
      studentsPerClass: 25,
      closedUntil: until,
      emailDomain: 'gym2.parta.test',
    });

    // The demo student: the first active student of 5А, with a login; and a parent (the mother).
    const class5a = school1.classes.find(
      (schoolClass) => schoolClass.number === 5 && schoolClass.letter === 'А',
    )!;
    const demoStudentId = school1.students.find((s) => s.classId === class5a.id && s.status === 'active')!.id;
    const [student] = await tx.select().from(students).where(eq(students.id, demoStudentId));
    const mother = adultName(context.random, 1);
    const familySurname = student.gender === 'f' ? student.surname : surnameFor(student.surname, 'f');
    const [studentUser, parentUser] = await insertUsers(context, [
      {
        person: {
          surname: student.surname,
          name: student.name,
          patronymic: student.patronymic ?? '',
          gender: student.gender ?? 'm',
        },
        login: 'student',
        organizationId: school1Id,
        roles: ['student'],
        emailDomain: 'sch1.parta.test',
      },
      {
        person: { ...mother, surname: familySurname },
        login: 'parent',
        organizationId: school1Id,
        roles: ['parent'],
        emailDomain: 'mail.parta.test',
      },
    ]);
    await tx.update(students).set({ userId: studentUser.id }).where(eq(students.id, demoStudentId));
    await tx
      .insert(studentParents)
      .values({ organizationId: school1Id, studentId: demoStudentId, parentUserId: parentUser.id });

    await seedFamilies(context, {
      organizationId: school1Id,
      skipStudentId: demoStudentId,
      emailDomain: 'mail.parta.test',
    });
    await seedFamilies(context, { organizationId: branchId, emailDomain: 'mail.parta.test' });
    await seedFamilies(context, { organizationId: school2Id, emailDomain: 'mail.parta.test' });

    const result: SeedResult = {
      platformId,
      school1,
      branch,
      school2,
      demoStudentId,
      journalUntil: until,
      context,
    };
    for (const step of SEED_STEPS) await step(result, { size, today });
    return result;
  });
}

/** Seeds only an empty database (no organizations yet), so a restart never seeds twice. */
export async function seedIfEmpty(db: Database, options: SeedOptions = {}): Promise<boolean> {
  const [{ count }] = await db.select({ count: sql<number>`count(*)::int` }).from(organizations);
  if (Number(count) > 0) return false;
  await seed(db, options);
  return true;
}
