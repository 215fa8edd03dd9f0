import { plural } from '@parta/shared/domain/plural';
import { type Activity, fitsRoom, type Instance, type RoomNeed } from './model';

/**
 * What makes an instance impossible, found by counting before any search (milliseconds even for a
 * large school): each reason is a Russian sentence a завуч can act on.
 */
export function diagnose(inst: Instance): string[] {
  const { days: D, periods: P } = inst;
  const T = D * P;
  const reasons: string[] = [];
  const forbidden = new Set(inst.forbiddenSlots ?? []);
  const hours = new Float64Array(inst.resources.length);
  for (const act of inst.activities) for (const r of act.resources) hours[r] += act.duration;
  // Each activity's room requests narrowed to the rooms its students fit.
  const fit = inst.activities.map((act) =>
    (act.roomOptions ?? []).map((opts) => opts.filter((r) => fitsRoom(inst.resources[r].capacity, act.size))),
  );

  // Activities with no possible start at all.
  const noStart: string[] = [];
  inst.activities.forEach((act, a) => {
    if (act.duration > P) {
      reasons.push(`${act.label}: ${act.duration} ч подряд при ${P} уроках в день`);
      return;
    }
    const starts = act.allowedStarts ? new Set(act.allowedStarts) : null;
    const slots = act.allowedSlots ? new Set(act.allowedSlots) : null;
    const blocked = act.resources.map((r) => new Set(inst.resources[r].unavailable ?? []));
    let any = false;
    for (let s = 0; s < T && !any; s++) {
      if ((s % P) + act.duration > P || (starts && !starts.has(s))) continue;
      let ok = true;
      for (let i = 0; i < act.duration && ok; i++) {
        if (forbidden.has(s + i) || (slots && !slots.has(s + i))) ok = false;
        for (const b of blocked) if (b.has(s + i)) ok = false;
      }
      any = ok;
    }
    if (!any) noStart.push(act.label);
    (act.roomOptions ?? []).forEach((opts, k) => {
      if (fit[a][k].length === 0) reasons.push(roomLacking(inst, act, act.roomNeeds?.[k] ?? { rooms: opts }));
    });
  });
  const stuck = [...new Set(noStart)];
  if (stuck.length > 0) {
    const shown = stuck.slice(0, 5).join('; ');
    reasons.push(
      `Нет ни одного допустимого времени (недоступность, перемены, закреплённое время): ${shown}${stuck.length > 5 ? ` и ещё ${stuck.length - 5}` : ''}`,
    );
  }

  // Each resource: hours against the cells it can use.
  inst.resources.forEach((res, r) => {
    if (hours[r] === 0) return;
    const blocked = new Set(res.unavailable ?? []);
    const maxDaily = Math.min(
      P,
      ...(res.limits ?? []).filter((l) => l.hard && l.kind === 'maxHoursDaily').map((l) => l.value),
    );
    const maxDays = Math.min(
      D,
      ...(res.limits ?? []).filter((l) => l.hard && l.kind === 'maxDaysPerWeek').map((l) => l.value),
    );
    const perDay: number[] = [];
    for (let d = 0; d < D; d++) {
      let free = 0;
      for (let p = 0; p < P; p++) if (!blocked.has(d * P + p) && !forbidden.has(d * P + p)) free++;
      perDay.push(Math.min(free, maxDaily));
    }
    // Lessons on every day (FET's min hours daily without empty days): the week's hours and each day's cells.
    const everyDay = Math.max(
      0,
      ...(res.limits ?? []).filter((l) => l.hard && l.kind === 'minHoursEveryDay').map((l) => l.value),
    );
    if (everyDay > 0) {
      if (hours[r] < everyDay * D)
        reasons.push(
          `${res.name}: ${hours[r]} ч в неделю, а нужно не меньше ${everyDay} в каждый из ${D} дней`,
        );
      perDay.forEach((cells, d) => {
        if (cells < everyDay)
          reasons.push(
            `${res.name}: ${inst.dayNames[d] ?? `день ${d + 1}`} — доступно ${cells} ч при минимуме ${everyDay} в каждый день`,
          );
      });
    }
    perDay.sort((a, b) => b - a);
    const cells = perDay.slice(0, maxDays).reduce((a, b) => a + b, 0);
    if (hours[r] <= cells) return;
    const fullWeek = blocked.size === 0 && forbidden.size === 0 && maxDays === D;
    if (fullWeek) reasons.push(`${res.name}: ${hours[r]} ч в неделю при ${D} днях × ${maxDaily} уроков`);
    else reasons.push(`${res.name}: ${hours[r]} ч при доступных ${cells} клетках`);
  });

  // Rooms: hours that can only go to the rooms of one set (a kind, a kind's rooms large enough for a
  // class, one named room) against the cells of that set.
  const sets = new Map<string, number[]>();
  for (const rooms of fit.flat()) {
    if (rooms.length === 0) continue;
    const key = [...rooms].sort((x, y) => x - y).join(',');
    if (!sets.has(key)) sets.set(key, rooms);
  }
  for (const rooms of sets.values()) {
    const inSet = new Set(rooms);
    let hoursNeeded = 0;
    inst.activities.forEach((act, a) => {
      for (const options of fit[a])
        if (options.length > 0 && options.every((r) => inSet.has(r))) hoursNeeded += act.duration;
    });
    let cells = 0;
    for (const r of rooms) cells += T - (inst.resources[r].unavailable?.length ?? 0);
    if (hoursNeeded > cells) {
      const names = rooms.map((r) => inst.resources[r].name);
      const label =
        names.length === 1
          ? names[0]
          : `Кабинеты ${names.length > 3 ? `${names.slice(0, 3).join(', ')} и ещё ${names.length - 3}` : names.join(', ')}`;
      reasons.push(`${label}: ${hoursNeeded} ч в неделю при ${cells} клетках`);
    }
  }

  // Groups spread over more days than the week has.
  for (const g of inst.groups) {
    if (g.hard && g.kind === 'pair' && Math.ceil(g.activities.length / 2) > D) {
      reasons.push(
        `${inst.activities[g.activities[0]].label}: ${g.activities.length} уроков не уложить в ${D} дн. даже парами`,
      );
      continue;
    }
    if (!g.hard || g.minDays <= 0 || g.kind === 'pair') continue;
    const need = (g.activities.length - 1) * g.minDays + 1;
    if (need > D) {
      reasons.push(
        `${inst.activities[g.activities[0]].label}: ${g.activities.length} уроков не разнести через ${g.minDays} дн. за ${D} дней`,
      );
    }
  }

  // Activities that must start together but share a teacher, class or room.
  for (const set of inst.sameStart) {
    const seen = new Map<number, number>();
    for (const a of set) {
      for (const r of inst.activities[a].resources) {
        const other = seen.get(r);
        if (other !== undefined && other !== a) {
          reasons.push(
            `${inst.activities[other].label} и ${inst.activities[a].label} должны идти одновременно, но у них общий участник: ${inst.resources[r].name}`,
          );
        }
        seen.set(r, a);
      }
    }
  }
  // An activity's hours repeat its reasons: each is said once.
  return [...new Set(reasons)];
}

const places = (n: number) => `${n} ${plural(n, 'место', 'места', 'мест')}`;

/**
 * Why a room request has no room the activity's students fit: no room of the kind at all, the one
 * room asked for too small, or every room of the kind too small (the largest named).
 */
function roomLacking(inst: Instance, act: Activity, need: RoomNeed): string {
  const { rooms, what } = need;
  if (rooms.length === 0) return `${act.label}: нет ${what ?? 'кабинета нужного вида'}`;
  const size = act.size ?? 0;
  const largest = rooms.reduce((a, b) =>
    (inst.resources[b].capacity ?? 0) > (inst.resources[a].capacity ?? 0) ? b : a,
  );
  const { name, capacity = 0 } = inst.resources[largest];
  const who = `${act.label}, ${size} уч.`;
  if (rooms.length === 1 && !what) return `${who}: в кабинете ${name} только ${places(capacity)}`;
  return `${who}: нет ${what ?? 'подходящего кабинета'} на ${places(size)} (самый большой — ${name}, ${places(capacity)})`;
}

/**
 * Why a resource with a `maxDaySpread` limit cannot have days that even (counted before any search):
 * its hours against what each day can hold (free cells, breaks, the daily maximum). Resource index →
 * a Russian sentence; the rule is soft, so these are notes beside the result, not reasons to stop.
 */
export function unevenDays(inst: Instance): Map<number, string> {
  const { days: D, periods: P } = inst;
  const forbidden = new Set(inst.forbiddenSlots ?? []);
  const hours = new Float64Array(inst.resources.length);
  for (const act of inst.activities) for (const r of act.resources) hours[r] += act.duration;
  const notes = new Map<number, string>();
  inst.resources.forEach((res, r) => {
    const spread = (res.limits ?? []).find((l) => l.kind === 'maxDaySpread');
    if (!spread || hours[r] === 0) return;
    const blocked = new Set(res.unavailable ?? []);
    const maxDaily = Math.min(
      P,
      ...(res.limits ?? []).filter((l) => l.hard && l.kind === 'maxHoursDaily').map((l) => l.value),
    );
    // What each day that counts can hold.
    const caps: Array<{ day: number; cap: number }> = [];
    for (let d = 0; d < D; d++) {
      let free = 0;
      for (let p = 0; p < P; p++) if (!blocked.has(d * P + p) && !forbidden.has(d * P + p)) free++;
      if (free > 0) caps.push({ day: d, cap: Math.min(free, maxDaily) });
    }
    if (caps.length === 0) return;
    const total = hours[r];
    // Every day between `low` and `low + value` lessons, for some `low`.
    for (let low = 0; low <= P; low++) {
      if (caps.some((c) => c.cap < low) || low * caps.length > total) break;
      const most = caps.reduce((sum, c) => sum + Math.min(c.cap, low + spread.value), 0);
      if (most >= total) return;
    }
    const tightest = caps.reduce((a, b) => (b.cap < a.cap ? b : a));
    const average = Math.round((10 * total) / caps.length) / 10;
    const day = inst.dayNames[tightest.day] ?? `день ${tightest.day + 1}`;
    notes.set(
      r,
      total > caps.reduce((sum, c) => sum + c.cap, 0)
        ? `${res.name}: ${total} ч не помещаются в дни недели`
        : `${res.name}: ${total} ч не разложить по дням ровно — ${day}: не больше ${tightest.cap} ур. при ${String(average).replace('.', ',')} в среднем`,
    );
  });
  return notes;
}
