/**
 * Report formulas of DOMAIN.md «Reports», framework-free so the server computes them and tests
 * check them against a hand count. Both mark reports (классификация, академическая успеваемость)
 * read each student × subject through ONE rule, {@link reportMark}, and count it through ONE tally,
 * {@link tallyMarks}: so the two never disagree on who is in N, what passes and who has no mark yet.
 *
 * N = students − освобождённые − pupils taught without marks − pupils without a mark yet; н/а stays
 * inside N. «Без оценки» (no confirmed final mark after the period is closed; mid-term neither a
 * confirmed mark nor a proposal, i.e. no grade yet) is counted apart and never as failing: a mark
 * the teacher has not set yet says nothing about the pupil.
 */

import { formatDate } from './dates';
import { finalMarkState } from './marks';

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
  /** N: n5 + n4 + n3 + n2 + н/а (освобождённые and those without a mark yet are outside). */
  total: number;
}

const FINAL_VALUES: readonly string[] = ['1', '2', '3', '4', '5', 'Н/А', 'ЗЧ', 'НЗ', 'осв'];

/** Whether a stored text is a final mark value. */
export function isFinalMarkValue(value: string | null | undefined): value is FinalMarkValue {
  return value !== null && value !== undefined && FINAL_VALUES.includes(value);
}

/**
 * THE rule of what a report counts for one student × subject (DOMAIN.md «Reports»): after the period
 * is closed, the confirmed final mark; mid-term, the confirmed mark if the teacher set one, otherwise
 * the proposal of the final-marks screen (proposeMark of the weighted average so far; for the year,
 * proposeYearMark of the term marks). `null` is «без оценки»: counted apart, never as failing.
 */
export function reportMark(
  closed: boolean,
  confirmed: string | null | undefined,
  proposed: string | null | undefined,
): FinalMarkValue | null {
  // The journal's «Итог» and the final-marks screen read the same state: a report counts what they show.
  const state = finalMarkState(confirmed, proposed, closed);
  return state.kind === 'none' ? null : state.value;
}

/** The counts of a set of report marks: the figures columns of both reports. */
export interface MarkTally extends MarkCounts {
  exempt: number;
  /** Without a mark yet (`reportMark` null): outside N, shown as «без оценки». */
  without_mark: number;
  /** Σ and number of the numeric marks 1–5, for the average. */
  sum: number;
  numeric: number;
}

export const emptyTally = (): MarkTally => ({
  n5: 0,
  n4: 0,
  n3: 0,
  n2: 0,
  na: 0,
  exempt: 0,
  without_mark: 0,
  total: 0,
  sum: 0,
  numeric: 0,
});

/** Adds one report mark to a tally (in place, for the server's single pass over many rows). */
export function addToTally(tally: MarkTally, value: FinalMarkValue | null): MarkTally {
  if (value === null) {
    tally.without_mark += 1;
    return tally;
  }
  const category = markCategory(value);
  if (category === 'exempt') tally.exempt += 1;
  else {
    tally[category] += 1;
    tally.total += 1;
  }
  if (/^[1-5]$/.test(value)) {
    tally.sum += Number(value);
    tally.numeric += 1;
  }
  return tally;
}

/** The tally of a set of report marks (`null`: without a mark yet). */
export function tallyMarks(values: Iterable<FinalMarkValue | null>): MarkTally {
  const tally = emptyTally();
  for (const value of values) addToTally(tally, value);
  return tally;
}

/** Sums tallies (a teacher's over their classes, the school's over everything). */
export function mergeTallies(tallies: Iterable<MarkTally>): MarkTally {
  const total = emptyTally();
  for (const tally of tallies)
    for (const key of Object.keys(total) as (keyof MarkTally)[]) total[key] += tally[key];
  return total;
}

/** Σ/count rounded to two decimals, null without any. */
export function meanOf(sum: number, count: number): number | null {
  return count === 0 ? null : Math.round((sum / count) * 100) / 100;
}

/** What a row of a report shows from a tally: the counts, the three percentages and the average. */
export function tallyFigures(tally: MarkTally) {
  const { sum, numeric, ...counts } = tally;
  return { ...counts, ...percentages(tally), average: meanOf(sum, numeric) };
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
  /** Subjects of theirs without a mark yet (`reportMark` null). */
  without_mark?: number;
}

/**
 * Отличник: only 5; хорошист: 4 and 5; троечник: at least one 3 and no 2; неуспевающий: one 2, or
 * two and more; не аттестован: a Н/А and no 2. A failing mark outranks Н/А (the student is counted
 * once, where a завуч counts them first). Exempt from every subject: out of N.
 *
 * ONE rule for a subject without a mark (`without_mark`), the same for every figure of a report:
 *  - `final` (a closed period): a missing final mark is a gap in the journal, not a fact about the
 *    pupil, so the pupil is «без оценки» (`no_marks`): outside N, counted apart and named, whatever
 *    their other marks, a «2» included (counting a «2» in N while dropping the pupils without one
 *    made «% усп.» read 37,5 beside the marks' 98,2);
 *  - `current` (mid-term): a subject not graded yet says nothing; the pupil is classified by the
 *    subjects graded so far, and is «без оценки» only without any mark at all.
 */
export function classifyStudent(counts: StudentMarkCounts, basis: ReportBasis = 'final'): StudentClass {
  const graded = counts.n5 + counts.n4 + counts.n3 + counts.n2 + counts.na;
  const missing = counts.without_mark ?? 0;
  if (graded === 0) return counts.exempt > 0 && missing === 0 ? 'exempt' : 'no_marks';
  if (basis === 'final' && missing > 0) return 'no_marks';
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
    total: classes.length - count('exempt', 'without_marks', 'no_marks'),
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
