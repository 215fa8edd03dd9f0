import type { AttendanceCell, AttendanceInput } from '@parta/shared/domain/contracts/extracurricular';

/** What a cell of the course journal shows: not marked, был, не был, не был по уважительной причине. */
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

/** A tap moves on: не отмечено → был → не был → уважительная → был. */
export function nextPresence(presence: Presence): Exclude<Presence, 'none'> {
  if (presence === 'present') return 'absent';
  if (presence === 'absent') return 'excused';
  return 'present';
}

/**
 * The key that sets a presence, in either keyboard layout: «+», «1», «п»/«g» был; «н»/«y», «0» не
 * был; «у»/«e» уважительная причина. Null for any other key.
 */
export function presenceOfKey(key: string): Exclude<Presence, 'none'> | null {
  const lower = key.toLowerCase();
  if (['+', '1', 'п', 'g'].includes(lower)) return 'present';
  if (['н', 'y', '0', '-'].includes(lower)) return 'absent';
  if (['у', 'e'].includes(lower)) return 'excused';
  return null;
}

/** The body of the save, based on the cell's version (0: never saved). */
export function presenceInput(presence: Exclude<Presence, 'none'>, version: number): AttendanceInput {
  return { present: presence === 'present', excused: presence === 'excused', version };
}
