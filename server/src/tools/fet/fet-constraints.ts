import {
  type FetReading,
  intersect,
  list,
  type Node,
  num,
  softWeight,
  strings,
  text,
  weightOf,
} from './fet-reading';

/**
 * FET's time and space constraints that Parta reads, one small reader per family (availability, gaps,
 * hours, days, min days, activities together, preferred times, buildings, rooms), and the tables that
 * send each constraint element to its family's reader. A constraint without a reader, or one its reader
 * declines, is listed as unsupported by name and count.
 */

/**
 * Reads constraint `c` (element `name`) of one family into `r`: false when Parta does not take it as
 * written (e.g. a rule of that family FET allows under 100 % that Parta reads only at 100 %), so it is
 * listed as unsupported.
 */
export type ConstraintReader = (r: FetReading, name: string, c: Node) => boolean;

/** Each active constraint of a list through its family's reader; one without a reader is unsupported. */
export function readConstraints(
  r: FetReading,
  constraintList: unknown,
  readers: Map<string, ConstraintReader>,
): void {
  const node = (constraintList ?? {}) as Node;
  for (const [name, items] of Object.entries(node)) {
    for (const c of list(items)) {
      if (text(c.Active) === 'false') continue;
      const read = readers.get(name);
      if (!read?.(r, name, c)) r.unsupported(name, weightOf(c));
    }
  }
}

/** FET's basic constraints (no double booking) are the solver's own rules. */
function readBasic(): boolean {
  return true;
}

/** Break times: no lesson at all (hard only). */
function readBreakTimes(r: FetReading, _name: string, c: Node): boolean {
  if (weightOf(c) < 100) return false;
  r.forbiddenSlots.push(...r.startsOf(c.Break_Time, 'Day', 'Hour'));
  return true;
}

/** The times a teacher or a students set is not available (hard only). */
function readNotAvailableTimes(r: FetReading, name: string, c: Node): boolean {
  if (weightOf(c) < 100) return false;
  const slots = r.startsOf(c.Not_Available_Time, 'Day', 'Hour');
  for (const x of r.teachersOrStudentsOf(name, c)) r.block(x, slots);
  return true;
}

/** Max gaps per day or per week, of a teacher (all teachers) or a students set (all students). */
function readGaps(r: FetReading, name: string, c: Node): boolean {
  r.limit(
    c,
    name.endsWith('PerWeek') ? 'maxGapsPerWeek' : 'maxGapsPerDay',
    num(c.Max_Gaps),
    r.teachersOrStudentsOf(name, c),
  );
  return true;
}

/** Max hours daily, max hours continuously and min hours daily of teachers or students. */
function readHoursPerDay(r: FetReading, name: string, c: Node): boolean {
  const rs = r.teachersOrStudentsOf(name, c);
  if (name.endsWith('MaxHoursDaily')) r.limit(c, 'maxHoursDaily', num(c.Maximum_Hours_Daily), rs);
  else if (name.endsWith('MaxHoursContinuously'))
    r.limit(c, 'maxHoursContinuously', num(c.Maximum_Hours_Continuously), rs);
  else
    r.limit(
      c,
      text(c.Allow_Empty_Days) === 'false' ? 'minHoursEveryDay' : 'minHoursDaily',
      num(c.Minimum_Hours_Daily),
      rs,
    );
  return true;
}

/**
 * Max hours daily or continuously of the lessons with one activity tag: counted over one resource's
 * lessons with the tag only, so a virtual resource per (resource, tag) that exactly those lessons
 * occupy carries the limit.
 */
function readTaggedHours(r: FetReading, name: string, c: Node): boolean {
  const daily = name.endsWith('Daily');
  const tag = text(c.Activity_Tag_Name);
  const tagged = r.teachersOrStudentsOf(name, c).map((x) => r.taggedResource(x, tag));
  r.limit(
    c,
    daily ? 'maxHoursDaily' : 'maxHoursContinuously',
    num(daily ? c.Maximum_Hours_Daily : c.Maximum_Hours_Continuously),
    tagged.filter((x) => x >= 0),
  );
  return true;
}

/** A teacher's max working days per week, and the max days per week with lessons in an interval of hours. */
function readDaysPerWeek(r: FetReading, name: string, c: Node): boolean {
  if (!name.includes('Interval')) {
    r.limit(c, 'maxDaysPerWeek', num(c.Max_Days_Per_Week), r.teachersOf(c));
    return true;
  }
  // The end hour is not part of the interval; none given: to the end of the day.
  const from = r.hourIdx.get(text(c.Interval_Start_Hour));
  const to = text(c.Interval_End_Hour) === '' ? r.P : r.hourIdx.get(text(c.Interval_End_Hour));
  if (from === undefined || to === undefined) return false;
  const w = weightOf(c);
  for (const x of r.teachersOrStudentsOf(name, c))
    r.addLimit(x, {
      kind: 'maxDaysInInterval',
      value: num(c.Max_Days_Per_Week),
      hard: w >= 100,
      weight: softWeight(w),
      from,
      to,
    });
  return true;
}

/** How many days the students may begin at the second hour (the first one free). */
function readEarlyStarts(r: FetReading, _name: string, c: Node): boolean {
  r.limit(c, 'earlyStart', num(c.Max_Beginnings_At_Second_Hour), r.studentsOf(c));
  return true;
}

/** Min days between activities: the spread of a split activity's lessons over the week. */
function readMinDays(r: FetReading, _name: string, c: Node): boolean {
  const w = weightOf(c);
  const hard = w >= 100;
  const acts = r.activitiesOf(c.Activity_Id);
  if (acts.length > 1 && !hard)
    r.softMinDays.push({
      ids: strings(c.Activity_Id).map(Number),
      activities: acts,
      minDays: num(c.MinDays, 1),
      percent: w,
    });
  if (acts.length > 1)
    r.groups.push({
      activities: acts,
      minDays: num(c.MinDays, 1),
      hard,
      weight: softWeight(w),
      consecutiveIfSameDay: text(c.Consecutive_If_Same_Day) === 'true',
      // Kept while building only where it can hold: n lessons `minDays` apart fit the week.
      ...(!hard && w >= 95 && (acts.length - 1) * num(c.MinDays, 1) < r.D ? { keepWhileBuilding: true } : {}),
    });
  return true;
}

/**
 * Activities placed together (hard only): one right after the other, grouped as a block, at the same
 * start, hour or day, or never overlapping.
 */
function readActivitiesTogether(r: FetReading, name: string, c: Node): boolean {
  if (weightOf(c) < 100) return false;
  switch (name) {
    case 'ConstraintTwoActivitiesConsecutive': {
      const first = r.actIdx.get(num(c.First_Activity_Id));
      const second = r.actIdx.get(num(c.Second_Activity_Id));
      if (first !== undefined && second !== undefined)
        r.groups.push({
          kind: 'consecutive',
          activities: [first, second],
          minDays: 0,
          hard: true,
          weight: 1,
          consecutiveIfSameDay: false,
        });
      return true;
    }
    case 'ConstraintTwoActivitiesGrouped':
    case 'ConstraintThreeActivitiesGrouped':
      r.hardGroup(
        'grouped',
        r.activitiesOf(
          [c.First_Activity_Id, c.Second_Activity_Id, c.Third_Activity_Id].filter((id) => id !== undefined),
        ),
      );
      return true;
    case 'ConstraintActivitiesSameStartingTime': {
      const acts = r.activitiesOf(c.Activity_Id);
      if (acts.length > 1) r.sameStart.push(acts);
      return true;
    }
    case 'ConstraintActivitiesSameStartingHour':
    case 'ConstraintActivitiesSameStartingDay':
      r.hardGroup(
        name === 'ConstraintActivitiesSameStartingHour' ? 'sameHour' : 'sameDay',
        r.activitiesOf(c.Activity_Id),
      );
      return true;
    case 'ConstraintActivitiesNotOverlapping': {
      // One virtual resource the activities all occupy.
      const v = r.resources.length;
      r.resources.push({ kind: 'virtual', name: 'Не пересекаются' });
      for (const a of r.activitiesOf(c.Activity_Id)) r.activities[a].resources.push(v);
      return true;
    }
    default:
      return false;
  }
}

/** One activity's preferred start (a day, an hour or both), starting times or time slots. */
function readActivityPreferredTimes(r: FetReading, name: string, c: Node): boolean {
  const a = r.actIdx.get(num(c.Activity_Id));
  if (a === undefined) return true;
  if (name === 'ConstraintActivityPreferredStartingTime') {
    const s = r.slotOf(c.Preferred_Day, c.Preferred_Hour);
    // A day without an hour (or the reverse) allows every slot of that day (hour).
    const d = r.dayIdx.get(text(c.Preferred_Day));
    const h = r.hourIdx.get(text(c.Preferred_Hour));
    const allowed: number[] = [];
    for (let x = 0; x < r.D * r.P; x++) {
      if ((d === undefined || Math.floor(x / r.P) === d) && (h === undefined || x % r.P === h))
        allowed.push(x);
    }
    r.timeRule(c, a, 'starts', s >= 0 ? [s] : allowed);
  } else if (name === 'ConstraintActivityPreferredStartingTimes')
    r.timeRule(
      c,
      a,
      'starts',
      r.startsOf(c.Preferred_Starting_Time, 'Preferred_Starting_Day', 'Preferred_Starting_Hour'),
    );
  else r.timeRule(c, a, 'slots', r.startsOf(c.Preferred_Time_Slot, 'Preferred_Day', 'Preferred_Hour'));
  return true;
}

/** The preferred starting times or time slots of the activities a filter picks. */
function readActivitiesPreferredTimes(r: FetReading, name: string, c: Node): boolean {
  const slots =
    name === 'ConstraintActivitiesPreferredStartingTimes'
      ? r.startsOf(c.Preferred_Starting_Time, 'Preferred_Starting_Day', 'Preferred_Starting_Hour')
      : r.startsOf(c.Preferred_Time_Slot, 'Preferred_Day', 'Preferred_Hour');
  for (const a of r.filterActs(c))
    r.timeRule(c, a, name.endsWith('StartingTimes') ? 'starts' : 'slots', slots);
  return true;
}

/** An activity (or those a filter picks) is the last of its students' day (hard only). */
function readEndsStudentsDay(r: FetReading, name: string, c: Node): boolean {
  if (weightOf(c) < 100) return false;
  const acts = name === 'ConstraintActivityEndsStudentsDay' ? r.activitiesOf(c.Activity_Id) : r.filterActs(c);
  for (const a of acts) r.activities[a].endsStudentsDay = true;
  return true;
}

/** The times a room is not available (hard only). */
function readRoomNotAvailable(r: FetReading, _name: string, c: Node): boolean {
  if (weightOf(c) < 100) return false;
  const room = r.roomIdx.get(text(c.Room));
  if (room !== undefined) r.block(room, r.startsOf(c.Not_Available_Time, 'Day', 'Hour'));
  return true;
}

/** Max building changes per day or per week, and min gaps between building changes, of teachers or students. */
function readBuildingChanges(r: FetReading, name: string, c: Node): boolean {
  const rs = r.teachersOrStudentsOf(name, c);
  if (name.endsWith('PerDay'))
    r.limit(c, 'maxBuildingChangesPerDay', num(c.Max_Building_Changes_Per_Day), rs);
  else if (name.endsWith('PerWeek'))
    r.limit(c, 'maxBuildingChangesPerWeek', num(c.Max_Building_Changes_Per_Week), rs);
  else r.limit(c, 'minGapsBetweenBuildingChanges', num(c.Min_Gaps_Between_Building_Changes), rs);
  return true;
}

/** A teacher's or a students set's home room(s), for the activities they have alone (hard only). */
function readHomeRooms(r: FetReading, name: string, c: Node): boolean {
  if (weightOf(c) < 100) return false;
  const teacher = name.startsWith('ConstraintTeacher') ? text(c.Teacher) : null;
  const students = teacher === null ? text(c.Students) : null;
  r.meta.forEach((m, a) => {
    const alone = teacher !== null ? m.teachers : m.students;
    if (alone.length === 1 && alone[0] === (teacher ?? students)) intersect(r.homeSets, a, r.roomsOf(c));
  });
  return true;
}

/** One activity's preferred room(s) (hard only). */
function readActivityPreferredRooms(r: FetReading, _name: string, c: Node): boolean {
  if (weightOf(c) < 100) return false;
  const a = r.actIdx.get(num(c.Activity_Id));
  if (a !== undefined) intersect(r.roomSets, a, r.roomsOf(c));
  return true;
}

/** The preferred room(s) of a subject's, an activity tag's, or a subject's with a tag's activities (hard only). */
function readSubjectOrTagPreferredRooms(r: FetReading, _name: string, c: Node): boolean {
  if (weightOf(c) < 100) return false;
  const subject = c.Subject !== undefined ? text(c.Subject) : null;
  const tag = c.Activity_Tag !== undefined ? text(c.Activity_Tag) : null;
  const rooms = r.roomsOf(c);
  r.meta.forEach((m, a) => {
    if (subject !== null && m.subject !== subject) return;
    if (tag !== null && !m.tags.includes(tag)) return;
    intersect(r.roomSets, a, rooms);
  });
  return true;
}

/** `family(reader, names)`: the reader of each of these constraint names. */
function family(read: ConstraintReader, names: string[]): Array<[string, ConstraintReader]> {
  return names.map((n) => [n, read]);
}

/** The time constraints Parta reads, by family (FET's `Time_Constraints_List`). */
export const TIME_CONSTRAINTS = new Map<string, ConstraintReader>([
  ...family(readBasic, ['ConstraintBasicCompulsoryTime']),
  ...family(readBreakTimes, ['ConstraintBreakTimes']),
  ...family(readNotAvailableTimes, [
    'ConstraintTeacherNotAvailableTimes',
    'ConstraintStudentsSetNotAvailableTimes',
  ]),
  ...family(readGaps, [
    'ConstraintTeacherMaxGapsPerWeek',
    'ConstraintTeachersMaxGapsPerWeek',
    'ConstraintTeacherMaxGapsPerDay',
    'ConstraintTeachersMaxGapsPerDay',
    'ConstraintStudentsMaxGapsPerWeek',
    'ConstraintStudentsSetMaxGapsPerWeek',
    'ConstraintStudentsMaxGapsPerDay',
    'ConstraintStudentsSetMaxGapsPerDay',
  ]),
  ...family(readHoursPerDay, [
    'ConstraintTeacherMaxHoursDaily',
    'ConstraintTeachersMaxHoursDaily',
    'ConstraintStudentsMaxHoursDaily',
    'ConstraintStudentsSetMaxHoursDaily',
    'ConstraintTeacherMaxHoursContinuously',
    'ConstraintTeachersMaxHoursContinuously',
    'ConstraintStudentsMaxHoursContinuously',
    'ConstraintStudentsSetMaxHoursContinuously',
    'ConstraintTeacherMinHoursDaily',
    'ConstraintTeachersMinHoursDaily',
    'ConstraintStudentsMinHoursDaily',
    'ConstraintStudentsSetMinHoursDaily',
  ]),
  ...family(readTaggedHours, [
    'ConstraintTeacherActivityTagMaxHoursDaily',
    'ConstraintTeachersActivityTagMaxHoursDaily',
    'ConstraintStudentsActivityTagMaxHoursDaily',
    'ConstraintStudentsSetActivityTagMaxHoursDaily',
    'ConstraintTeacherActivityTagMaxHoursContinuously',
    'ConstraintTeachersActivityTagMaxHoursContinuously',
    'ConstraintStudentsActivityTagMaxHoursContinuously',
    'ConstraintStudentsSetActivityTagMaxHoursContinuously',
  ]),
  ...family(readDaysPerWeek, [
    'ConstraintTeacherMaxDaysPerWeek',
    'ConstraintTeachersMaxDaysPerWeek',
    'ConstraintTeacherIntervalMaxDaysPerWeek',
    'ConstraintTeachersIntervalMaxDaysPerWeek',
    'ConstraintStudentsSetIntervalMaxDaysPerWeek',
    'ConstraintStudentsIntervalMaxDaysPerWeek',
  ]),
  ...family(readEarlyStarts, [
    'ConstraintStudentsEarlyMaxBeginningsAtSecondHour',
    'ConstraintStudentsSetEarlyMaxBeginningsAtSecondHour',
  ]),
  ...family(readMinDays, ['ConstraintMinDaysBetweenActivities']),
  ...family(readActivitiesTogether, [
    'ConstraintTwoActivitiesConsecutive',
    'ConstraintTwoActivitiesGrouped',
    'ConstraintThreeActivitiesGrouped',
    'ConstraintActivitiesSameStartingTime',
    'ConstraintActivitiesSameStartingHour',
    'ConstraintActivitiesSameStartingDay',
    'ConstraintActivitiesNotOverlapping',
  ]),
  ...family(readActivityPreferredTimes, [
    'ConstraintActivityPreferredStartingTime',
    'ConstraintActivityPreferredStartingTimes',
    'ConstraintActivityPreferredTimeSlots',
  ]),
  ...family(readActivitiesPreferredTimes, [
    'ConstraintActivitiesPreferredStartingTimes',
    'ConstraintActivitiesPreferredTimeSlots',
  ]),
  ...family(readEndsStudentsDay, ['ConstraintActivityEndsStudentsDay', 'ConstraintActivitiesEndStudentsDay']),
]);

/** The space constraints Parta reads, by family (FET's `Space_Constraints_List`). */
export const SPACE_CONSTRAINTS = new Map<string, ConstraintReader>([
  ...family(readBasic, ['ConstraintBasicCompulsorySpace']),
  ...family(readRoomNotAvailable, ['ConstraintRoomNotAvailableTimes']),
  ...family(readBuildingChanges, [
    'ConstraintTeacherMaxBuildingChangesPerDay',
    'ConstraintTeachersMaxBuildingChangesPerDay',
    'ConstraintStudentsSetMaxBuildingChangesPerDay',
    'ConstraintStudentsMaxBuildingChangesPerDay',
    'ConstraintTeacherMaxBuildingChangesPerWeek',
    'ConstraintTeachersMaxBuildingChangesPerWeek',
    'ConstraintStudentsSetMaxBuildingChangesPerWeek',
    'ConstraintStudentsMaxBuildingChangesPerWeek',
    'ConstraintTeacherMinGapsBetweenBuildingChanges',
    'ConstraintTeachersMinGapsBetweenBuildingChanges',
    'ConstraintStudentsSetMinGapsBetweenBuildingChanges',
    'ConstraintStudentsMinGapsBetweenBuildingChanges',
  ]),
  ...family(readHomeRooms, [
    'ConstraintTeacherHomeRoom',
    'ConstraintTeacherHomeRooms',
    'ConstraintStudentsSetHomeRoom',
    'ConstraintStudentsSetHomeRooms',
  ]),
  ...family(readActivityPreferredRooms, [
    'ConstraintActivityPreferredRoom',
    'ConstraintActivityPreferredRooms',
  ]),
  ...family(readSubjectOrTagPreferredRooms, [
    'ConstraintSubjectPreferredRoom',
    'ConstraintSubjectPreferredRooms',
    'ConstraintActivityTagPreferredRoom',
    'ConstraintActivityTagPreferredRooms',
    'ConstraintSubjectActivityTagPreferredRoom',
    'ConstraintSubjectActivityTagPreferredRooms',
  ]),
]);
