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
