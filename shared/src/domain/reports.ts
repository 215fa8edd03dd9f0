/**
 * Report formulas of DOMAIN.md «Reports», framework-free so the server computes them and tests
 * check them against a hand count. N = students − освобождённые − pupils taught without marks;
 * н/а stays inside N.
 */

import { formatDate } from './dates';

/**
 * Безотметочное обучение: a load line (class or subgroup × subject × teacher) taught without marks.
 * Grade 1 gets no marks all year (the rule of every Russian school); in other grades a завуч marks
 * the line «без отметок» (`loads.graded` false, e.g. ОРКСЭ in grade 4). Such rows stay out of every
 * N, percentage and total, and their journal takes attendance only (grade 1's still takes marks).
 */
export function taughtWithoutMarks(grade: number, graded: boolean): boolean {
  return grade === 1 || !graded;
}

/** What a report's figures come from: the confirmed final marks, or the current averages mid-term. */
export type ReportBasis = 'final' | 'current';

/** The report's subtitle on screen and in the .xlsx: «по итоговым оценкам» / «по текущим оценкам на dd.mm.yy». */
export function reportBasisLabel(basis: ReportBasis, asOf: string): string {
  return basis === 'final' ? 'по итоговым оценкам' : `по текущим оценкам на ${formatDate(asOf)}`;
}

/** Final mark values (journal.final). */
export type FinalMarkValue = '1' | '2' | '3' | '4' | '5' | 'Н/А' | 'ЗЧ' | 'НЗ' | 'осв';

/**
 * The column a final mark counts in: ЗЧ counts like 5 and НЗ like a failing mark (DOMAIN: «shown
 * like 5 / like 1»); 1 and 2 are both failing; осв leaves the student out of N.
 */
export type MarkCategory = 'n5' | 'n4' | 'n3' | 'n2' | 'na' | 'exempt';

export function markCategory(value: FinalMarkValue): MarkCategory {
  switch (value) {
    case '5':
    case 'ЗЧ':
      return 'n5';
    case '4':
      return 'n4';
    case '3':
      return 'n3';
    case '2':
    case '1':
    case 'НЗ':
      return 'n2';
    case 'Н/А':
      return 'na';
    case 'осв':
      return 'exempt';
  }
}

/** Counts of one group of marks (a class × subject, a teacher) or of students (a classification). */
export interface MarkCounts {
  n5: number;
  n4: number;
  n3: number;
  n2: number;
  na: number;
  /** N: students − освобождённые (those without a mark yet stay inside N). */
  total: number;
}

export interface Percentages {
  /** % успеваемости = (n5 + n4 + n3) · 100 / N. */
  success: number | null;
  /** % качества знаний = (n5 + n4) · 100 / N. */
  quality: number | null;
  /** СОУ = (n5·100 + n4·64 + n3·36 + n2·16 + nн/а·7) / N. */
  sou: number | null;
}

/** `value` · 100 / N with one decimal, as a завуч writes it (null when N is 0: nothing to divide by). */
const percent = (value: number, total: number) =>
  total === 0 ? null : Math.round((value * 1000) / total) / 10;

export function percentages(counts: MarkCounts): Percentages {
  const { n5, n4, n3, n2, na, total } = counts;
  return {
    success: percent(n5 + n4 + n3, total),
    quality: percent(n5 + n4, total),
    sou:
      total === 0 ? null : Math.round(((n5 * 100 + n4 * 64 + n3 * 36 + n2 * 16 + na * 7) * 10) / total) / 10,
  };
}

/** The classification of one student by their final marks over all subjects of a period. */
export type StudentClass =
  | 'excellent'
  | 'good'
  | 'satisfactory'
  | 'failing_one'
  | 'failing_many'
  | 'not_attested'
  | 'exempt'
  | 'no_marks'
  | 'without_marks';

export interface StudentMarkCounts {
  n5: number;
  n4: number;
  n3: number;
  n2: number;
  na: number;
  exempt: number;
}

/**
 * Отличник: only 5; хорошист: 4 and 5; троечник: at least one 3 and no 2; неуспевающий: one 2, or
 * two and more; не аттестован: a Н/А and no 2. A failing mark outranks Н/А (the student is counted
 * once, where a завуч counts them first). Exempt from every subject: out of N; no marks yet: inside N.
 */
export function classifyStudent(counts: StudentMarkCounts): StudentClass {
  const graded = counts.n5 + counts.n4 + counts.n3 + counts.n2 + counts.na;
  if (graded === 0) return counts.exempt > 0 ? 'exempt' : 'no_marks';
  if (counts.n2 >= 2) return 'failing_many';
  if (counts.n2 === 1) return 'failing_one';
  if (counts.na > 0) return 'not_attested';
  if (counts.n3 > 0) return 'satisfactory';
  if (counts.n4 > 0) return 'good';
  return 'excellent';
}

/** The classification's students as counts for the percentages: отличник = n5, хорошист = n4 … */
export function classificationCounts(classes: readonly StudentClass[]): MarkCounts {
  const count = (...kinds: StudentClass[]) => classes.filter((kind) => kinds.includes(kind)).length;
  return {
    n5: count('excellent'),
    n4: count('good'),
    n3: count('satisfactory'),
    n2: count('failing_one', 'failing_many'),
    na: count('not_attested'),
    total: classes.length - count('exempt', 'without_marks'),
  };
}

/** Σ(value·weight)/Σweight rounded to two decimals, null without marks. */
export function weightedAverage(sum: number, weight: number): number | null {
  return weight > 0 ? Math.round((sum / weight) * 100) / 100 : null;
}

/**
 * The least number of marks a student should have after `heldLessons` lessons: DOMAIN's «3 per
 * period at 1 hour a week» is one mark per three lessons held, so more hours ask for more marks.
 */
export function minimumMarks(heldLessons: number): number {
  return heldLessons === 0 ? 0 : Math.ceil(heldLessons / 3);
}
