import type { AttendanceCell } from './contracts/extracurricular';

/**
 * The presence marks of a course journal (внеурочная деятельность): not marked, был, не был, не был
 * по уважительной причине; as the course's screen shows them and the year's archive prints them.
 */
export type Presence = 'none' | 'present' | 'absent' | 'excused';

export const PRESENCE_TEXT: Record<Presence, string> = { none: '', present: '✓', absent: 'н', excused: 'у' };
export const PRESENCE_LABEL: Record<Presence, string> = {
  none: 'не отмечено',
  present: 'был',
  absent: 'не был',
  excused: 'не был, уважительная причина',
};

export function presenceOf(cell: Pick<AttendanceCell, 'present' | 'excused'> | undefined): Presence {
  if (!cell) return 'none';
  if (cell.present) return 'present';
  return cell.excused ? 'excused' : 'absent';
}
