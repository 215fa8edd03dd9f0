import {
  bellLessons,
  bellSchedules,
  classes,
  loads,
  periods,
  students,
  subgroupMembers,
  subgroupSets,
  subgroups,
  subjects,
  workTypes,
} from '../db/schema';
import { insertMany, insertUsers, type SeedContext } from './context';
import {
  ACADEMIC_YEAR,
  BELLS,
  CURRICULUM,
  closedBy,
  FIRST_GRADE_BELLS,
  PERIODS,
  SPECIALISTS_PER_22_CLASSES,
  type Specialty,
  SUBJECT_RANKS,
  WORK_TYPES,
} from './curriculum';
import { adultName, childName, type PersonName } from './names';

export interface SchoolPlan {
  organizationId: number;
  grades: number[];
  letters: string[];
  /** Letters of one grade when they differ from `letters` (the large seed's 70 classes). */
  lettersFor?: (grade: number) => string[];
  studentsPerClass: number;
  emailDomain: string;
  /**
   * Periods ending by this day are closed (their final marks confirmed): the journal's last day
   * (seed/curriculum.ts `journalUntil`); the large seed passes the year's end, a finished year.
   */
  closedUntil: string;
  /** Multiplies the specialist counts (large seed). */
  specialistScale?: number;
  /** The first teacher of this specialty gets a fixed login and name and manages the first class of grade ≥5. */
  demoTeacher?: { specialty: Exclude<Specialty, 'primary'>; login: string; person: PersonName };
}

interface SeededClass {
  id: number;
  number: number;
  letter: string;
  managerId: number;
}

/** What a school seed produced, for later seed steps (timetable, journal, КТП). */
export interface SeededSchool {
  organizationId: number;
  subjectIds: Map<string, number>;
  classes: SeededClass[];
  teachers: { id: number; login: string; specialty: Specialty }[];
  students: { id: number; classId: number; status: 'active' | 'left' }[];
  loads: {
    id: number;
    classId: number;
    subjectId: number;
    teacherId: number;
    subgroupId: number | null;
    hours: number;
  }[];
  bellScheduleId: number;
  periodIds: number[];
  workTypeIds: number[];
}

function specialtyOf(subject: (typeof CURRICULUM)[number], grade: number): Specialty {
  return grade <= 4 && subject.primary ? 'primary' : subject.specialty;
}

function birthDate(context: SeedContext, grade: number): string {
  const { random } = context;
  const month = random.int(1, 12);
  // Born in the year that makes the child 7 by 1 September of grade 1; late births a year earlier.
  const year = 2020 - grade - (month >= 9 ? 1 : 0);
  const day = random.int(1, 28);
  return `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/** Subjects, bells, periods, work types, teachers, classes, students, subgroups and load of one school. */
export async function seedSchool(context: SeedContext, plan: SchoolPlan): Promise<SeededSchool> {
  const { db, random } = context;
  const organizationId = plan.organizationId;
  const classList = plan.grades.flatMap((number) =>
    (plan.lettersFor?.(number) ?? plan.letters).map((letter) => ({ number, letter })),
  );

  const curriculum = CURRICULUM.filter((subject) =>
    plan.grades.some((grade) => subject.hours[grade - 1] > 0),
  );
  const subjectIdList = await insertMany(
    db,
    subjects,
    curriculum.map((subject) => ({
      organizationId,
      name: subject.name,
      shortName: subject.shortName,
      rank: SUBJECT_RANKS[subject.name] ?? null,
    })),
  );
  const subjectIds = new Map(curriculum.map((subject, index) => [subject.name, subjectIdList[index]]));

  // Teachers: one primary teacher per class 1–4, specialists scaled by the number of classes.
  const needed = new Set<Specialty>();
  for (const schoolClass of classList) {
    for (const subject of curriculum) {
      if (subject.hours[schoolClass.number - 1] > 0) needed.add(specialtyOf(subject, schoolClass.number));
    }
  }
  const specs: { specialty: Specialty; person: PersonName; login?: string }[] = [];
  const primaryClasses = classList.filter((schoolClass) => schoolClass.number <= 4);
  for (const _ of primaryClasses) specs.push({ specialty: 'primary', person: adultName(random, 0.97) });
  const pools = new Map<Specialty, number[]>();
  for (const [specialty, base] of Object.entries(SPECIALISTS_PER_22_CLASSES) as [
    Exclude<Specialty, 'primary'>,
    number,
  ][]) {
    if (!needed.has(specialty)) continue;
    const count = Math.max(1, Math.round((base * classList.length * (plan.specialistScale ?? 1)) / 22));
    const pool: number[] = [];
    for (let i = 0; i < count; i++) {
      const demo = i === 0 && plan.demoTeacher?.specialty === specialty ? plan.demoTeacher : undefined;
      pool.push(specs.length);
      specs.push({
        specialty,
        person: demo?.person ?? adultName(random, specialty === 'pe' ? 0.4 : 0.8),
        login: demo?.login,
      });
    }
    pools.set(specialty, pool);
  }

  // Class managers: the primary teacher of classes 1–4; distinct specialists (demo teacher first) for 5–11.
  const specialistOrder = specs
    .map((_, index) => index)
    .filter((index) => specs[index].specialty !== 'primary');
  const demoIndex = plan.demoTeacher ? pools.get(plan.demoTeacher.specialty)?.[0] : undefined;
  if (demoIndex !== undefined) {
    specialistOrder.splice(specialistOrder.indexOf(demoIndex), 1);
    specialistOrder.unshift(demoIndex);
  }
  let nextManager = 0;
  const managerSpec = classList.map((schoolClass, index) =>
    schoolClass.number <= 4 ? index : specialistOrder[nextManager++ % specialistOrder.length],
  );
  const managerSet = new Set(managerSpec);

  const teacherRows = await insertUsers(
    context,
    specs.map((spec, index) => ({
      person: spec.person,
      login: spec.login,
      organizationId,
      emailDomain: plan.emailDomain,
      roles: managerSet.has(index) ? ['teacher', 'class_teacher'] : ['teacher'],
    })),
  );
  const teachers = teacherRows.map((row, index) => ({
    id: row.id,
    login: row.login,
    specialty: specs[index].specialty,
  }));

  const bellScheduleIds = await insertMany(db, bellSchedules, [
    { organizationId, name: 'Основное расписание', isDefault: true },
    ...(plan.grades.includes(1)
      ? [{ organizationId, name: 'Для 1-х классов', isDefault: false, grades: [1] }]
      : []),
  ]);
  await insertMany(db, bellLessons, [
    ...BELLS.map(([startTime, endTime], index) => ({
      organizationId,
      scheduleId: bellScheduleIds[0],
      number: index + 1,
      startTime,
      endTime,
    })),
    ...(bellScheduleIds[1]
      ? FIRST_GRADE_BELLS.map(([startTime, endTime], index) => ({
          organizationId,
          scheduleId: bellScheduleIds[1],
          number: index + 1,
          startTime,
          endTime,
        }))
      : []),
  ]);
  const periodIds = await insertMany(
    db,
    periods,
    PERIODS.map((period) => ({
      ...period,
      closed: closedBy(period, plan.closedUntil),
      grades: [...period.grades],
      organizationId,
      academicYear: ACADEMIC_YEAR,
    })),
  );
  const workTypeIds = await insertMany(
    db,
    workTypes,
    WORK_TYPES.map((workType) => ({ ...workType, organizationId })),
  );

  const classIds = await insertMany(
    db,
    classes,
    classList.map((schoolClass, index) => ({
      organizationId,
      number: schoolClass.number,
      letter: schoolClass.letter,
      academicYear: ACADEMIC_YEAR,
      managerId: teachers[managerSpec[index]].id,
    })),
  );
  const seededClasses = classList.map((schoolClass, index) => ({
    ...schoolClass,
    id: classIds[index],
    managerId: teachers[managerSpec[index]].id,
  }));

  // Students: a few per school have left during the year (kept with status 'left').
  const studentRows = seededClasses.flatMap((schoolClass) => {
    const count = plan.studentsPerClass + random.int(-2, 2);
    return Array.from({ length: count }, () => {
      const person = childName(random);
      const left = random.chance(0.008);
      return {
        organizationId,
        classId: schoolClass.id,
        surname: person.surname,
        name: person.name,
        patronymic: person.patronymic,
        gender: person.gender,
        birthDate: birthDate(context, schoolClass.number),
        status: left ? ('left' as const) : ('active' as const),
        leftAt: left ? '2026-10-15' : null,
      };
    });
  });
  studentRows.sort(
    (a, b) =>
      a.classId - b.classId || a.surname.localeCompare(b.surname, 'ru') || a.name.localeCompare(b.name, 'ru'),
  );
  const studentIds = await insertMany(db, students, studentRows);
  const seededStudents = studentRows.map((row, index) => ({
    id: studentIds[index],
    classId: row.classId,
    status: row.status,
  }));

  // Subgroups for split subjects, then the load (a split subject gets one load row per subgroup).
  const loadRows: {
    organizationId: number;
    classId: number;
    subjectId: number;
    teacherId: number;
    subgroupId: number | null;
    hoursPerWeek: number;
    graded: boolean;
  }[] = [];
  const counters = new Map<Specialty, number>();
  const memberRows: { organizationId: number; setId: number; subgroupId: number; studentId: number }[] = [];
  for (const [classIndex, schoolClass] of seededClasses.entries()) {
    const touched = new Set<Specialty>();
    for (const subject of curriculum) {
      const hours = subject.hours[schoolClass.number - 1];
      if (!hours) continue;
      const specialty = specialtyOf(subject, schoolClass.number);
      const subjectId = subjectIds.get(subject.name)!;
      if (specialty === 'primary') {
        loadRows.push({
          organizationId,
          classId: schoolClass.id,
          subjectId,
          teacherId: teachers[managerSpec[classIndex]].id,
          subgroupId: null,
          hoursPerWeek: hours,
          graded: !subject.withoutMarks,
        });
        continue;
      }
      const pool = pools.get(specialty)!;
      const counter = counters.get(specialty) ?? 0;
      if (!touched.has(specialty)) {
        touched.add(specialty);
        counters.set(specialty, counter + 1);
      }
      const teacherId = teachers[pool[counter % pool.length]].id;
      if (subject.split && pool.length > 1) {
        const [setId] = await insertMany(db, subgroupSets, [
          { organizationId, classId: schoolClass.id, subjectId },
        ]);
        const subgroupIds = await insertMany(db, subgroups, [
          { organizationId, setId, name: 'Группа 1' },
          { organizationId, setId, name: 'Группа 2' },
        ]);
        const classStudents = seededStudents.filter(
          (student) => student.classId === schoolClass.id && student.status === 'active',
        );
        const half = Math.ceil(classStudents.length / 2);
        classStudents.forEach((student, index) => {
          memberRows.push({
            organizationId,
            setId,
            subgroupId: subgroupIds[index < half ? 0 : 1],
            studentId: student.id,
          });
        });
        const secondTeacherId = teachers[pool[(counter + 1) % pool.length]].id;
        loadRows.push({
          organizationId,
          classId: schoolClass.id,
          subjectId,
          teacherId,
          subgroupId: subgroupIds[0],
          hoursPerWeek: hours,
          graded: !subject.withoutMarks,
        });
        loadRows.push({
          organizationId,
          classId: schoolClass.id,
          subjectId,
          teacherId: secondTeacherId,
          subgroupId: subgroupIds[1],
          hoursPerWeek: hours,
          graded: !subject.withoutMarks,
        });
      } else {
        loadRows.push({
          organizationId,
          classId: schoolClass.id,
          subjectId,
          teacherId,
          subgroupId: null,
          hoursPerWeek: hours,
          graded: !subject.withoutMarks,
        });
      }
    }
  }
  await insertMany(db, subgroupMembers, memberRows);
  const loadIds = await insertMany(db, loads, loadRows);

  return {
    organizationId,
    subjectIds,
    classes: seededClasses,
    teachers,
    students: seededStudents,
    loads: loadRows.map((row, index) => ({
      id: loadIds[index],
      classId: row.classId,
      subjectId: row.subjectId,
      teacherId: row.teacherId,
      subgroupId: row.subgroupId,
      hours: row.hoursPerWeek,
    })),
    bellScheduleId: bellScheduleIds[0],
    periodIds,
    workTypeIds,
  };
}
