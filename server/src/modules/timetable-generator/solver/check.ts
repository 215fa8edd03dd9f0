import {
  type Assignment,
  buildingChanges,
  changesOf,
  daySpread,
  fitsRoom,
  followsDirectly,
  formsBlock,
  hoursShort,
  type Instance,
  offCommon,
  shortChangesOf,
} from './model';

/**
 * An independent check of a finished timetable against every hard rule, written plainly (no
 * incremental state): the tests and the generation job use it to confirm what the search reports.
 */
export interface CheckResult {
  hardViolations: number;
  /** Human-readable findings (Russian), at most 50. */
  problems: string[];
  teacherGaps: number;
  /** Per resource (the instance's order): what a завуч reads off its timetable. */
  figures: ResourceFigures[];
}

export interface ResourceFigures {
  /** Empty periods between lessons in the week (breaks and unavailable cells excepted). */
  gaps: number;
  /** Days that do not start at the first period it may be used in. */
  lateStarts: number;
  /** Lessons per day (periods with a lesson). */
  dayLessons: number[];
}

export function checkAssignment(inst: Instance, a: Assignment): CheckResult {
  const { days: D, periods: P } = inst;
  const T = D * P;
  const problems: string[] = [];
  let hard = 0;
  const note = (n: number, text: string) => {
    hard += n;
    if (problems.length < 50) problems.push(text);
  };
  const slotName = (s: number) =>
    `${inst.dayNames[Math.floor(s / P)] ?? Math.floor(s / P) + 1}, ${inst.periodNames[s % P] ?? (s % P) + 1}`;
  const grid: number[][] = inst.resources.map(() => new Array<number>(T).fill(0));
  /** Per resource × slot: the building of the lesson there (the room of its first request), -1: none. */
  const buildingGrid: number[][] = inst.resources.map(() => new Array<number>(T).fill(-1));
  const buildingIds = new Map<string, number>();
  const buildingOf = (room: number | undefined): number => {
    const name = room === undefined || room < 0 ? undefined : inst.resources[room]?.building;
    if (name === undefined) return -1;
    if (!buildingIds.has(name)) buildingIds.set(name, buildingIds.size);
    return buildingIds.get(name) ?? -1;
  };
  const forbidden = new Set(inst.forbiddenSlots ?? []);
  const figures: ResourceFigures[] = [];

  inst.activities.forEach((act, i) => {
    const s = a.starts[i];
    if (s === undefined || s < 0) {
      note(1, `${act.label}: не поставлено`);
      return;
    }
    if ((s % P) + act.duration > P) note(1, `${act.label}: выходит за конец дня`);
    if (act.allowedStarts && !act.allowedStarts.includes(s))
      note(1, `${act.label}: недопустимое время начала`);
    const rooms = a.rooms[i] ?? [];
    for (let k = 0; k < (act.roomOptions?.length ?? 0); k++) {
      const room = rooms[k];
      if (room === undefined || room < 0 || !act.roomOptions?.[k].includes(room)) {
        note(1, `${act.label}: нет допустимого кабинета`);
        continue;
      }
      if (!fitsRoom(inst.resources[room].capacity, act.size))
        note(1, `${act.label}: не помещается в ${inst.resources[room].name}`);
    }
    const building = (act.roomOptions?.length ?? 0) > 0 ? buildingOf(rooms[0]) : -1;
    for (let t = s; t < s + act.duration && t % P >= s % P; t++) {
      for (const r of act.resources) if (building >= 0) buildingGrid[r][t] = building;
      if (forbidden.has(t)) note(1, `${act.label}: на перемене (${slotName(t)})`);
      if (act.allowedSlots && !act.allowedSlots.includes(t)) note(1, `${act.label}: вне разрешённых клеток`);
      for (const r of [...act.resources, ...rooms.filter((x) => x >= 0)]) grid[r][t]++;
    }
  });

  inst.resources.forEach((res, r) => {
    const row = grid[r];
    const blocked = new Set(res.unavailable ?? []);
    for (let t = 0; t < T; t++) {
      if (row[t] > 1) note(row[t] - 1, `${res.name}: ${row[t]} занятия одновременно (${slotName(t)})`);
      if (row[t] > 0 && blocked.has(t))
        note(row[t], `${res.name}: занятие в недоступное время (${slotName(t)})`);
    }
    let weekGaps = 0;
    let daysUsed = 0;
    let early = 0;
    let weekChanges = 0;
    let lateStarts = 0;
    const dayLessons: number[] = [];
    /** Days with a period it may be used in (maxDaySpread counts only those). */
    const open: number[] = [];
    for (let d = 0; d < D; d++) {
      const day = row.slice(d * P, d * P + P);
      // A clash leaves the slot's building unknown (the clash itself is the violation).
      const buildingAt = (p: number) => (row[d * P + p] === 1 ? buildingGrid[r][d * P + p] : -1);
      const changes = changesOf(buildingChanges(P, buildingAt, 0));
      weekChanges += changes;
      const busy = day.map((x) => x > 0);
      const count = busy.filter(Boolean).length;
      const first = busy.indexOf(true);
      const gaps = count > 0 ? countGaps(busy, d * P, blocked, forbidden) : 0;
      const usable = (p: number) => !blocked.has(d * P + p) && !forbidden.has(d * P + p);
      // Empty periods before the first lesson that it could have had a lesson in.
      let late = 0;
      for (let p = 0; p < first; p++) if (usable(p)) late++;
      weekGaps += gaps;
      dayLessons.push(count);
      open.push(day.some((_, p) => usable(p)) ? 1 : 0);
      if (count > 0) daysUsed++;
      early += late;
      if (late > 0) lateStarts++;
      for (const l of res.limits ?? []) {
        if (!l.hard) continue;
        if (l.kind === 'maxGapsPerDay' && gaps > l.value)
          note(gaps - l.value, `${res.name}: окна в день ${d + 1}: ${gaps}`);
        if (l.kind === 'maxHoursDaily' && count > l.value)
          note(count - l.value, `${res.name}: ${count} уроков в день ${d + 1} при пределе ${l.value}`);
        if (l.kind === 'maxHoursContinuously' && longestRun(busy) > l.value)
          note(
            longestRun(busy) - l.value,
            `${res.name}: ${longestRun(busy)} урока подряд в день ${d + 1} при пределе ${l.value}`,
          );
        if (l.kind === 'maxBuildingChangesPerDay' && changes > l.value)
          note(
            changes - l.value,
            `${res.name}: ${changes} переход(а) между корпусами в день ${d + 1} при пределе ${l.value}`,
          );
        if (l.kind === 'minGapsBetweenBuildingChanges') {
          const hurried = shortChangesOf(buildingChanges(P, buildingAt, l.value));
          if (hurried > 0)
            note(
              hurried,
              `${res.name}: переход между корпусами без ${l.value} свободн. урок(ов) в день ${d + 1}`,
            );
        }
        const short = hoursShort(l, count);
        if (short > 0) note(short, `${res.name}: ${count} уроков в день ${d + 1} при минимуме ${l.value}`);
      }
    }
    for (const l of res.limits ?? []) {
      if (!l.hard) continue;
      if (l.kind === 'maxGapsPerWeek' && weekGaps > l.value)
        note(weekGaps - l.value, `${res.name}: ${weekGaps} окон в неделю`);
      if (l.kind === 'maxDaysPerWeek' && daysUsed > l.value)
        note(daysUsed - l.value, `${res.name}: ${daysUsed} дней в неделю`);
      if (l.kind === 'maxBuildingChangesPerWeek' && weekChanges > l.value)
        note(
          weekChanges - l.value,
          `${res.name}: ${weekChanges} переход(а) между корпусами в неделю при пределе ${l.value}`,
        );
      if (l.kind === 'earlyStart' && early > l.value)
        note(early - l.value, `${res.name}: день начинается не с первого урока`);
      const spread = daySpread(dayLessons, open);
      if (l.kind === 'maxDaySpread' && spread > l.value)
        note(
          spread - l.value,
          `${res.name}: дни от ${Math.min(...dayLessons.filter((_, d) => open[d]))} до ${Math.max(...dayLessons)} уроков`,
        );
    }
    figures.push({ gaps: weekGaps, lateStarts, dayLessons });
    for (const l of res.limits ?? []) {
      if (!l.hard || l.kind !== 'maxDaysInInterval') continue;
      // Days with a lesson inside the interval [from, to).
      let days = 0;
      for (let d = 0; d < D; d++)
        if (row.slice(d * P + (l.from ?? 0), d * P + (l.to ?? P)).some((x) => x > 0)) days++;
      if (days <= l.value) continue;
      const from = (l.from ?? 0) + 1;
      const to = l.to ?? P;
      const lessons = from === to ? `${to}-м уроком` : `уроками ${from}–${to}`;
      note(days - l.value, `${res.name}: ${days} дн. с ${lessons} при пределе ${l.value}`);
    }
  });

  // Ends the students' day: none of its student sets has a lesson later that day.
  inst.activities.forEach((act, i) => {
    const s = a.starts[i];
    if (!act.endsStudentsDay || s === undefined || s < 0) return;
    const dayEnd = (Math.floor(s / P) + 1) * P;
    for (const r of act.resources) {
      if (inst.resources[r].kind !== 'students') continue;
      for (let t = s + act.duration; t < dayEnd; t++)
        if (grid[r][t] > 0) {
          note(1, `${act.label}: у ${inst.resources[r].name} после него ещё урок (${slotName(t)})`);
          break;
        }
    }
  });

  for (const set of inst.sameStart) {
    const starts = new Set(set.map((i) => a.starts[i]));
    if (starts.size > 1)
      note(starts.size - 1, `${set.map((i) => inst.activities[i].label).join(' и ')}: не одновременно`);
  }

  const isBreak = (slot: number) => forbidden.has(slot);
  for (const g of inst.groups) {
    if (!g.hard && !g.consecutiveIfSameDay) continue;
    if (g.kind === 'consecutive') {
      const [x, y] = g.activities;
      if (
        a.starts[x] >= 0 &&
        a.starts[y] >= 0 &&
        !followsDirectly(a.starts[x], inst.activities[x].duration, a.starts[y], P, isBreak)
      )
        note(1, `${inst.activities[y].label}: не сразу после ${inst.activities[x].label}`);
      continue;
    }
    if (g.kind === 'grouped') {
      const placed = g.activities.filter((x) => a.starts[x] >= 0);
      const starts = placed.map((x) => a.starts[x]);
      const durations = placed.map((x) => inst.activities[x].duration);
      if (placed.length > 1 && !formsBlock(starts, durations, P, isBreak))
        note(1, `${placed.map((x) => inst.activities[x].label).join(', ')}: не подряд в один день`);
      continue;
    }
    if (g.kind === 'sameHour' || g.kind === 'sameDay') {
      const starts = g.activities.map((x) => a.starts[x] ?? -1);
      const off = offCommon(g.kind, starts, P, new Int32Array(Math.max(P, D)));
      const what = g.kind === 'sameHour' ? 'в тот же урок дня' : 'в тот же день';
      if (off > 0)
        note(
          off,
          `${inst.activities[g.activities[0]].label} и ещё ${g.activities.length - 1}: ${off} не ${what}`,
        );
      continue;
    }
    if (g.kind === 'pair') {
      for (let i = 0; i < g.activities.length; i++) {
        for (let j = i + 1; j < g.activities.length; j++) {
          const x = g.activities[i];
          const y = g.activities[j];
          const sx = a.starts[x];
          const sy = a.starts[y];
          if (sx < 0 || sy < 0 || Math.floor(sx / P) !== Math.floor(sy / P)) continue;
          if (sx + inst.activities[x].duration === sy || sy + inst.activities[y].duration === sx) continue;
          note(1, `${inst.activities[x].label}: два урока в один день не подряд`);
        }
      }
      continue;
    }
    for (let i = 0; i < g.activities.length; i++) {
      for (let j = i + 1; j < g.activities.length; j++) {
        const x = g.activities[i];
        const y = g.activities[j];
        const dx = Math.floor(a.starts[x] / P);
        const dy = Math.floor(a.starts[y] / P);
        if (a.starts[x] < 0 || a.starts[y] < 0 || Math.abs(dx - dy) >= g.minDays) continue;
        // Consecutive if same day: side by side on a shared day, whatever the group's weight (FET's rule).
        const besides =
          a.starts[x] + inst.activities[x].duration === a.starts[y] ||
          a.starts[y] + inst.activities[y].duration === a.starts[x];
        if (g.consecutiveIfSameDay && dx === dy && !besides)
          note(1, `${inst.activities[x].label} и ${inst.activities[y].label}: в один день не подряд`);
        if (!g.hard) continue;
        note(1, `${inst.activities[x].label} и ${inst.activities[y].label}: ближе ${g.minDays} дн.`);
      }
    }
  }

  let teacherGaps = 0;
  inst.resources.forEach((res, r) => {
    if (res.kind !== 'teacher') return;
    for (let d = 0; d < D; d++) {
      const busy = grid[r].slice(d * P, d * P + P).map((x) => x > 0);
      teacherGaps += countGaps(busy, d * P, new Set(res.unavailable ?? []), forbidden);
    }
  });
  return { hardViolations: hard, problems, teacherGaps, figures };
}

/** Empty cells between a day's first and last lesson, breaks and unavailable cells excepted. */
function countGaps(busy: boolean[], dayStart: number, blocked: Set<number>, breaks: Set<number>): number {
  const first = busy.indexOf(true);
  if (first < 0) return 0;
  const last = busy.lastIndexOf(true);
  let gaps = 0;
  for (let p = first + 1; p < last; p++) {
    if (!busy[p] && !blocked.has(dayStart + p) && !breaks.has(dayStart + p)) gaps++;
  }
  return gaps;
}

/** The most lessons of one day in a row, without an empty period between. */
function longestRun(busy: boolean[]): number {
  let run = 0;
  let longest = 0;
  for (const b of busy) {
    run = b ? run + 1 : 0;
    longest = Math.max(longest, run);
  }
  return longest;
}
