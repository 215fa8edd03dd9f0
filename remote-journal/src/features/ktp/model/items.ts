import type { KtpItem, KtpItemInput } from '@parta/shared/domain/contracts/ktp';

/** An item being edited: the saved fields plus a key that survives reordering. */
export interface DraftItem extends Required<Omit<KtpItemInput, 'hours'>> {
  key: string;
  hours: number;
}

let counter = 0;
const nextKey = () => `new-${++counter}`;

export function toDraft(item: KtpItem): DraftItem {
  return {
    key: String(item.id),
    section: item.section,
    topic: item.topic,
    hours: item.hours,
    homework: item.homework,
    control_type: item.control_type,
    planned_date: item.planned_date,
    actual_date: item.actual_date,
  };
}

export function emptyDraft(section: string | null): DraftItem {
  return {
    key: nextKey(),
    section,
    topic: '',
    hours: 1,
    homework: null,
    control_type: null,
    planned_date: null,
    actual_date: null,
  };
}

/** The list with the item at `from` moved to `to`. */
export function moveItem<T>(items: readonly T[], from: number, to: number): T[] {
  if (to < 0 || to >= items.length || from === to) return [...items];
  const next = [...items];
  const [moved] = next.splice(from, 1);
  next.splice(to, 0, moved);
  return next;
}

export const toInput = ({ key: _key, ...item }: DraftItem): KtpItemInput => item;

/** Field errors of a 422 answer (`items.N.field`) by row index, then field. */
export function errorsByRow(fieldErrors: Record<string, string>): Map<number, Record<string, string>> {
  const rows = new Map<number, Record<string, string>>();
  for (const [path, message] of Object.entries(fieldErrors)) {
    const match = /^items\.(\d+)\.(\w+)$/.exec(path);
    if (!match) continue;
    const row = rows.get(Number(match[1])) ?? {};
    row[match[2]] = message;
    rows.set(Number(match[1]), row);
  }
  return rows;
}
