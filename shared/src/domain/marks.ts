/** Grades a teacher may enter (SPEC §5, DOMAIN.md). */
export const GRADES = [1, 2, 3, 4, 5] as const;
export type Grade = (typeof GRADES)[number];

/** Attendance marks as stored: н — absent, б — ill. */
export const ATTENDANCE_MARKS = ['н', 'б'] as const;
export type AttendanceMark = (typeof ATTENDANCE_MARKS)[number];

/** What the journal cell input accepts, in either case (SPEC §5). */
export const ATTENDANCE_INPUTS = ['н', 'Н', 'б', 'Б'] as const;

/** A parsed journal cell input. */
export type MarkInput = { kind: 'grade'; value: Grade } | { kind: 'attendance'; value: AttendanceMark };

/**
 * Parses what a teacher typed into a journal cell: a grade 1–5 or an attendance mark
 * (н Н б Б stored lower case). Anything else is `null`.
 */
export function parseMarkInput(raw: string): MarkInput | null {
  const text = raw.trim();
  if (/^[1-5]$/.test(text)) return { kind: 'grade', value: Number(text) as Grade };
  const lower = text.toLowerCase();
  if ((ATTENDANCE_MARKS as readonly string[]).includes(lower)) {
    return { kind: 'attendance', value: lower as AttendanceMark };
  }
  return null;
}

/** Whether a value is a valid grade. */
export function isGrade(value: unknown): value is Grade {
  return typeof value === 'number' && (GRADES as readonly number[]).includes(value);
}

/** Colour of an average (SPEC §5): ≥4.5 green, ≥3.5 blue, ≥2.5 yellow, below red. */
export type AverageColor = 'green' | 'blue' | 'yellow' | 'red';

export function averageColor(average: number): AverageColor {
  if (average >= 4.5) return 'green';
  if (average >= 3.5) return 'blue';
  if (average >= 2.5) return 'yellow';
  return 'red';
}

/** Final-mark values (DOMAIN.md "Final marks"). */
export const FINAL_MARKS = ['5', '4', '3', '2', '1', 'Н/А', 'ЗЧ', 'НЗ', 'осв'] as const;
export type FinalMark = (typeof FINAL_MARKS)[number];

/**
 * The final marks a subject taught without marks takes (`taughtWithoutMarks`, DOMAIN.md): зачёт,
 * незачёт or освобождён; the final-marks screen offers only these and the server refuses a number.
 */
export const UNGRADED_FINAL_MARKS = ['ЗЧ', 'НЗ', 'осв'] as const satisfies readonly FinalMark[];

/** Why a numeric final mark was refused on a subject taught without marks (server 422, screen hint). */
export const UNGRADED_FINAL_MESSAGE = 'Предмет ведётся без отметок: итоговая — ЗЧ, НЗ или осв';

/** The final marks one subject of a class takes. */
export function finalMarksFor(withoutMarks: boolean): readonly FinalMark[] {
  return withoutMarks ? UNGRADED_FINAL_MARKS : FINAL_MARKS;
}

/** Display style of a final mark: ЗЧ looks like 5, НЗ like 1; 1, 2 and Н/А share the failing style. */
export type MarkCategory = 'excellent' | 'good' | 'satisfactory' | 'failing' | 'exempt';

export function finalMarkCategory(mark: string | number): MarkCategory | null {
  switch (String(mark).trim()) {
    case '5':
    case 'ЗЧ':
      return 'excellent';
    case '4':
      return 'good';
    case '3':
      return 'satisfactory';
    case '2':
    case '1':
    case 'НЗ':
    case 'Н/А':
      return 'failing';
    case 'осв':
      return 'exempt';
    default:
      return null;
  }
}

// ---------------------------------------------------------------- journal cells

/** The most grades one cell holds (a double mark 5/4 is two); more is a typing slip. */
export const MAX_GRADES_PER_CELL = 4;

/** What a journal cell holds: grades in the order typed and at most one attendance mark. */
export interface CellMarks {
  grades: Grade[];
  attendance: AttendanceMark | null;
}

/** Why a cell text was refused, shown in place beside the cell. */
export const CELL_INPUT_HINT = 'Оценки 1–5 (несколько через /), н — отсутствовал, б — болел';

/**
 * Why a grade was refused on a load line «без отметок» (`graded` false): the server's 422 and the
 * grid's hint say the same. Attendance is still taken there.
 */
export const ATTENDANCE_ONLY_MESSAGE = 'Предмет ведётся без отметок: ставятся только пропуски (н, б)';

/**
 * Parses a whole cell as typed: grades and attendance marks separated by `/`, spaces or commas
 * («5/4», «н», «Б», «н/3»). Empty text clears the cell. `null` when anything in it is not a mark,
 * when it names two attendance marks, or more than {@link MAX_GRADES_PER_CELL} grades.
 */
export function parseCellText(raw: string): CellMarks | null {
  const tokens = raw.split(/[\s/,;]+/).filter(Boolean);
  const cell: CellMarks = { grades: [], attendance: null };
  for (const token of tokens) {
    const mark = parseMarkInput(token);
    if (!mark) return null;
    if (mark.kind === 'grade') cell.grades.push(mark.value);
    else if (cell.attendance) return null;
    else cell.attendance = mark.value;
  }
  if (cell.grades.length > MAX_GRADES_PER_CELL) return null;
  return cell;
}

/** The text a cell shows and edits: attendance first, then the grades joined by `/` («н», «5/4»). */
export function formatCell(cell: {
  grades: readonly { value: number }[] | readonly number[];
  attendance: string | null;
}): string {
  const grades = cell.grades.map((grade) => (typeof grade === 'number' ? grade : grade.value));
  return [cell.attendance, grades.length > 0 ? grades.join('/') : null].filter(Boolean).join(' ');
}

// ---------------------------------------------------------------- averages and proposals

/** A grade with the weight of its work type (1 when it has none). */
export interface WeightedGrade {
  value: number;
  weight: number;
}

/**
 * Grades of a pupil's journal cells with the weight of their work type (1 without one): what the
 * journal's «Средний» and the archive's pages average with {@link weightedAverage}.
 */
export function weightedGrades(
  cells: Iterable<{ grades: readonly { value: number; work_type_id: number | null }[] }>,
  workTypes: readonly { id: number; weight: number }[],
): WeightedGrade[] {
  const weightOf = new Map(workTypes.map((type) => [type.id, type.weight]));
  const grades: WeightedGrade[] = [];
  for (const cell of cells) {
    for (const grade of cell.grades) {
      grades.push({
        value: grade.value,
        weight: grade.work_type_id === null ? 1 : (weightOf.get(grade.work_type_id) ?? 1),
      });
    }
  }
  return grades;
}

/**
 * Σ(grade·weight)/Σweight (DOMAIN.md "Marks"), or null without grades. Attendance, ЗЧ and НЗ never
 * reach it: callers pass only grades 1–5.
 */
export function weightedAverage(grades: readonly WeightedGrade[]): number | null {
  let sum = 0;
  let weights = 0;
  for (const grade of grades) {
    if (!(grade.weight > 0)) continue;
    sum += grade.value * grade.weight;
    weights += grade.weight;
  }
  return weights > 0 ? sum / weights : null;
}

/** An average as the journal prints it: two decimals with a comma («4,33»). */
export function formatAverage(average: number | null): string {
  return average === null ? '' : average.toFixed(2).replace('.', ',');
}

/** The averages from which the proposed mark is 5, 4 and 3 [school]; below the last: 2. */
export interface MarkThresholds {
  five: number;
  four: number;
  three: number;
}

/** DOMAIN.md default: mathematical rounding (some regions use 4.65 / 3.65 / 2.65). */
export const DEFAULT_MARK_THRESHOLDS: MarkThresholds = { five: 4.5, four: 3.5, three: 2.5 };

/** The period mark proposed from an average; null without grades (the teacher decides, e.g. Н/А). */
export function proposeMark(
  average: number | null,
  thresholds: MarkThresholds = DEFAULT_MARK_THRESHOLDS,
): '5' | '4' | '3' | '2' | null {
  if (average === null) return null;
  // A hundredth of tolerance so 4.499999 from floating sums does not miss 4.5.
  const value = Math.round(average * 100) / 100;
  if (value >= thresholds.five) return '5';
  if (value >= thresholds.four) return '4';
  if (value >= thresholds.three) return '3';
  return '2';
}

/**
 * The year mark proposed from the period marks (DOMAIN.md: mean, rounded mathematically). Only
 * grades count: осв, ЗЧ, НЗ and Н/А stay out of the mean; null when no period has a grade.
 */
export function proposeYearMark(periodMarks: readonly (string | null)[]): '5' | '4' | '3' | '2' | '1' | null {
  const grades = periodMarks
    .filter((mark): mark is string => mark !== null && /^[1-5]$/.test(mark))
    .map(Number);
  if (grades.length === 0) return null;
  const mean = grades.reduce((sum, grade) => sum + grade, 0) / grades.length;
  return String(Math.floor(mean + 0.5)) as '5' | '4' | '3' | '2' | '1';
}

// ---------------------------------------------------------------- a final mark's state

/**
 * What a student × subject × period's final mark is: confirmed by the teacher, only proposed from the
 * average (never counted as set: DOMAIN.md «the proposal never overwrites»), or none. After the
 * period is closed there are no proposals: only what was confirmed counts. The journal's «Итог», the
 * final-marks screen, the diary and both mark reports read a final mark through this one function.
 */
export type FinalMarkState =
  | { kind: 'confirmed'; value: FinalMark }
  | { kind: 'proposed'; value: FinalMark }
  | { kind: 'none' };

const isFinalMark = (value: string | null | undefined): value is FinalMark =>
  value !== null && value !== undefined && (FINAL_MARKS as readonly string[]).includes(value);

export function finalMarkState(
  confirmed: string | null | undefined,
  proposed: string | null | undefined,
  closed = false,
): FinalMarkState {
  if (isFinalMark(confirmed)) return { kind: 'confirmed', value: confirmed };
  if (!closed && isFinalMark(proposed)) return { kind: 'proposed', value: proposed };
  return { kind: 'none' };
}

/** How a final mark reads everywhere: «4» confirmed, «4?» proposed and not confirmed, «—» none. */
export function finalMarkText(state: FinalMarkState): string {
  if (state.kind === 'none') return '—';
  return state.kind === 'proposed' ? `${state.value}?` : state.value;
}

/** The words behind the text, for a tooltip and a screen reader. */
export function finalMarkTitle(state: FinalMarkState): string {
  if (state.kind === 'none') return 'Итоговой оценки нет';
  if (state.kind === 'proposed') return `Предложено по среднему: ${state.value}, ещё не выставлено`;
  return `Итоговая оценка: ${state.value}`;
}

/** The legend under a table that shows proposals. */
export const FINAL_MARK_LEGEND =
  '«4?» — предложено по среднему баллу, ещё не выставлено учителем; «—» — итоговой нет.';
