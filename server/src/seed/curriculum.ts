import { addDays } from '@parta/shared/domain/timetable';

/**
 * Subjects per grade with weekly hours (ФООП-like, 6-day week), and which teacher specialty
 * teaches them. Index 0 of `hours` is grade 1; 0 means the grade does not study the subject.
 */
export type Specialty =
  | 'primary'
  | 'russian'
  | 'math'
  | 'english'
  | 'history'
  | 'geography'
  | 'biology'
  | 'physics'
  | 'chemistry'
  | 'informatics'
  | 'music'
  | 'art'
  | 'technology'
  | 'obzr'
  | 'pe';

export interface CurriculumSubject {
  name: string;
  shortName: string;
  hours: number[];
  /** Who teaches it in grades 5–11 (and in 1–4 unless `primary` marks it as the class teacher's). */
  specialty: Specialty;
  /** In grades 1–4 the primary-class teacher gives it. */
  primary?: boolean;
  /** The class is split in two subgroups for it from grade 2. */
  split?: boolean;
  /** Taught without marks (its load lines «без отметок»: attendance only, out of the reports' totals). */
  withoutMarks?: boolean;
}

export const CURRICULUM: CurriculumSubject[] = [
  {
    name: 'Русский язык',
    shortName: 'Рус. яз.',
    hours: [5, 5, 5, 5, 5, 6, 4, 3, 3, 2, 2],
    specialty: 'russian',
    primary: true,
  },
  {
    name: 'Литературное чтение',
    shortName: 'Лит. чт.',
    hours: [4, 4, 4, 3, 0, 0, 0, 0, 0, 0, 0],
    specialty: 'primary',
    primary: true,
  },
  { name: 'Литература', shortName: 'Лит-ра', hours: [0, 0, 0, 0, 3, 3, 2, 2, 3, 3, 3], specialty: 'russian' },
  {
    name: 'Английский язык',
    shortName: 'Англ. яз.',
    hours: [0, 2, 2, 2, 3, 3, 3, 3, 3, 3, 3],
    specialty: 'english',
    split: true,
  },
  {
    name: 'Математика',
    shortName: 'Матем.',
    hours: [4, 4, 4, 4, 5, 5, 0, 0, 0, 0, 0],
    specialty: 'math',
    primary: true,
  },
  { name: 'Алгебра', shortName: 'Алгебра', hours: [0, 0, 0, 0, 0, 0, 3, 3, 3, 3, 3], specialty: 'math' },
  { name: 'Геометрия', shortName: 'Геом.', hours: [0, 0, 0, 0, 0, 0, 2, 2, 2, 2, 2], specialty: 'math' },
  {
    name: 'Вероятность и статистика',
    shortName: 'Вер. и стат.',
    hours: [0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 1],
    specialty: 'math',
  },
  {
    name: 'Информатика',
    shortName: 'Информ.',
    hours: [0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 1],
    specialty: 'informatics',
  },
  {
    name: 'Окружающий мир',
    shortName: 'Окр. мир',
    hours: [2, 2, 2, 2, 0, 0, 0, 0, 0, 0, 0],
    specialty: 'primary',
    primary: true,
  },
  { name: 'История', shortName: 'История', hours: [0, 0, 0, 0, 2, 2, 2, 2, 2, 2, 2], specialty: 'history' },
  {
    name: 'Обществознание',
    shortName: 'Общество',
    hours: [0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2],
    specialty: 'history',
  },
  {
    name: 'География',
    shortName: 'Геогр.',
    hours: [0, 0, 0, 0, 1, 1, 2, 2, 2, 1, 1],
    specialty: 'geography',
  },
  { name: 'Биология', shortName: 'Биол.', hours: [0, 0, 0, 0, 1, 1, 1, 2, 2, 1, 1], specialty: 'biology' },
  { name: 'Физика', shortName: 'Физика', hours: [0, 0, 0, 0, 0, 0, 2, 2, 3, 2, 2], specialty: 'physics' },
  { name: 'Химия', shortName: 'Химия', hours: [0, 0, 0, 0, 0, 0, 0, 2, 2, 1, 1], specialty: 'chemistry' },
  { name: 'Музыка', shortName: 'Музыка', hours: [1, 1, 1, 1, 1, 1, 1, 1, 0, 0, 0], specialty: 'music' },
  {
    name: 'Изобразительное искусство',
    shortName: 'ИЗО',
    hours: [1, 1, 1, 1, 1, 1, 1, 0, 0, 0, 0],
    specialty: 'art',
    primary: true,
  },
  {
    name: 'Труд (технология)',
    shortName: 'Труд',
    hours: [1, 1, 1, 1, 2, 2, 2, 1, 1, 0, 0],
    specialty: 'technology',
    primary: true,
  },
  {
    name: 'Основы религиозных культур и светской этики',
    shortName: 'ОРКСЭ',
    hours: [0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0],
    specialty: 'primary',
    primary: true,
    // Most schools teach ОРКСЭ without marks (безотметочное обучение, DOMAIN.md «Reports»).
    withoutMarks: true,
  },
  {
    name: 'Основы безопасности и защиты Родины',
    shortName: 'ОБЗР',
    hours: [0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1],
    specialty: 'obzr',
  },
  {
    name: 'Физическая культура',
    shortName: 'Физ-ра',
    hours: [2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2],
    specialty: 'pe',
  },
  {
    name: 'Индивидуальный проект',
    shortName: 'Инд. проект',
    hours: [0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 0],
    specialty: 'history',
  },
];

/** Subject teachers per specialty for a school of 22 classes (plus one primary teacher per class 1–4). */
export const SPECIALISTS_PER_22_CLASSES: Record<Exclude<Specialty, 'primary'>, number> = {
  russian: 6,
  math: 6,
  english: 5,
  history: 3,
  geography: 1,
  biology: 2,
  physics: 2,
  chemistry: 1,
  informatics: 2,
  music: 1,
  art: 1,
  technology: 2,
  obzr: 1,
  pe: 4,
};

export const BELLS = [
  ['08:30', '09:15'],
  ['09:25', '10:10'],
  ['10:30', '11:15'],
  ['11:35', '12:20'],
  ['12:30', '13:15'],
  ['13:25', '14:10'],
  ['14:20', '15:05'],
] as const;

/** First graders: 35-minute lessons (СанПиН, first half of the year). */
export const FIRST_GRADE_BELLS = [
  ['08:30', '09:05'],
  ['09:25', '10:00'],
  ['10:30', '11:05'],
  ['11:35', '12:10'],
] as const;

export const ACADEMIC_YEAR = '2026/2027';

const PRIMARY_AND_BASIC = [1, 2, 3, 4, 5, 6, 7, 8, 9];
const SENIOR = [10, 11];
const ALL_GRADES = [...PRIMARY_AND_BASIC, ...SENIOR];

/** Четверти for grades 1–9, полугодия for 10–11, and the year for all (2026/2027). */
export const PERIODS = [
  {
    name: 'I четверть',
    kind: 'quarter',
    startDate: '2026-09-01',
    endDate: '2026-10-24',
    grades: PRIMARY_AND_BASIC,
  },
  {
    name: 'II четверть',
    kind: 'quarter',
    startDate: '2026-11-05',
    endDate: '2026-12-28',
    grades: PRIMARY_AND_BASIC,
  },
  {
    name: 'III четверть',
    kind: 'quarter',
    startDate: '2027-01-11',
    endDate: '2027-03-20',
    grades: PRIMARY_AND_BASIC,
  },
  {
    name: 'IV четверть',
    kind: 'quarter',
    startDate: '2027-03-30',
    endDate: '2027-05-26',
    grades: PRIMARY_AND_BASIC,
  },
  {
    name: 'I полугодие',
    kind: 'half',
    startDate: '2026-09-01',
    endDate: '2026-12-28',
    grades: SENIOR,
  },
  {
    name: 'II полугодие',
    kind: 'half',
    startDate: '2027-01-11',
    endDate: '2027-05-26',
    grades: SENIOR,
  },
  {
    name: '2026/2027 учебный год',
    kind: 'year',
    startDate: '2026-09-01',
    endDate: '2027-05-26',
    grades: ALL_GRADES,
  },
] as const;

/** The seed's school year (its `year` period). */
export const SCHOOL_YEAR = PERIODS.find((period) => period.kind === 'year')!;

/** The first two weeks of the year: what the journal holds when the seed runs before the year starts. */
const FIRST_WEEKS_END = addDays(SCHOOL_YEAR.startDate, 11);

/**
 * The last day the seeded journal reaches when the seed runs on `today` (the school clock's day of
 * the first start): the day before, within the school year, so a newcomer on any date sees a school
 * in the middle of its week and today's lessons still empty for them; before the year starts, its
 * first weeks; after it ends, the whole year. The same date always gives the same day.
 */
export function journalUntil(today: string): string {
  const yesterday = addDays(today, -1);
  if (yesterday < SCHOOL_YEAR.startDate) return FIRST_WEEKS_END;
  // ISO dates sort as strings: the earlier of the day before and the year's end.
  return [yesterday, SCHOOL_YEAR.endDate].sort()[0];
}

/** A period the seed closes (final marks confirmed): its journal is complete by `until`. */
export function closedBy(period: { endDate: string }, until: string): boolean {
  return period.endDate <= until;
}

/**
 * Каникулы of 2026/2027 between the четверти (the полугодия of 10–11 share them), the extra
 * February week of first graders, and the public holidays on school days (1 May falls on a
 * Saturday and 9 May on a Sunday, so 3 and 10 May are days off).
 */
export const HOLIDAYS = [
  { name: 'Осенние каникулы', startDate: '2026-10-25', endDate: '2026-11-04', grades: [] },
  { name: 'Зимние каникулы', startDate: '2026-12-29', endDate: '2027-01-10', grades: [] },
  {
    name: 'Дополнительные каникулы 1-х классов',
    startDate: '2027-02-15',
    endDate: '2027-02-21',
    grades: [1],
  },
  { name: 'День защитника Отечества', startDate: '2027-02-23', endDate: '2027-02-23', grades: [] },
  { name: 'Международный женский день', startDate: '2027-03-08', endDate: '2027-03-08', grades: [] },
  { name: 'Весенние каникулы', startDate: '2027-03-21', endDate: '2027-03-29', grades: [] },
  { name: 'Праздник Весны и Труда', startDate: '2027-05-01', endDate: '2027-05-03', grades: [] },
  { name: 'День Победы', startDate: '2027-05-09', endDate: '2027-05-10', grades: [] },
] as const;

export const WORK_TYPES = [
  { name: 'Ответ на уроке', weight: 1 },
  { name: 'Домашняя работа', weight: 1 },
  { name: 'Самостоятельная работа', weight: 1 },
  { name: 'Проверочная работа', weight: 1 },
  { name: 'Контрольная работа', weight: 1 },
  { name: 'Диктант', weight: 1 },
  { name: 'Сочинение', weight: 1 },
  { name: 'Лабораторная работа', weight: 1 },
  { name: 'Практическая работа', weight: 1 },
  { name: 'Проект', weight: 1 },
] as const;

/** Difficulty ranks of subjects (СанПиН 1.2.3685-21 scale, grade 5–6 column) for the day-load check. */
export const SUBJECT_RANKS: Record<string, number> = {
  'Русский язык': 12,
  'Литературное чтение': 5,
  Литература: 4,
  'Английский язык': 9,
  Математика: 10,
  Алгебра: 10,
  Геометрия: 12,
  'Вероятность и статистика': 8,
  Информатика: 6,
  'Окружающий мир': 6,
  История: 5,
  Обществознание: 6,
  География: 6,
  Биология: 8,
  Физика: 12,
  Химия: 11,
  Музыка: 2,
  'Изобразительное искусство': 3,
  'Труд (технология)': 4,
  'Основы религиозных культур и светской этики': 3,
  'Основы безопасности и защиты Родины': 3,
  'Физическая культура': 3,
  'Индивидуальный проект': 4,
};
