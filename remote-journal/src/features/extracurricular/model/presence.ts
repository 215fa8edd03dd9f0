import type { AttendanceInput } from '@parta/shared/domain/contracts/extracurricular';
import type { Presence } from '@parta/shared/domain/extracurricular';

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
