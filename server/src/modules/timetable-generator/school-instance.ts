import type { GenerationWeights } from '@parta/shared/domain/contracts/timetable-generator';
import { dailyLimit, ROOM_KINDS, type RoomKind } from '@parta/shared/domain/timetable';
import { type Activity, fitsRoom, type Instance, type Resource, type RoomNeed } from './solver/model';

/**
 * A school's load turned into the solver's instance (rooms, teachers' and classes' unavailable cells,
 * and each line's flags: a required room or room kind, a «пара», subgroups in parallel). A line's
 * size is its class's or subgroup's active pupils, and its room options keep only the rooms they fit.
 * Student sets: a class is split by each of its subgroup divisions (one per subject); the atoms are
 * the combinations, so a whole-class lesson takes every atom and a subgroup's lesson the atoms of that subgroup. Subgroups of one division with the
 * same hours run in parallel (the usual case: two English groups at once) unless a line says otherwise.
 */

export interface SchoolLoadLine {
  id: number;
  classId: number;
  className: string;
  grade: number;
  subgroupId: number | null;
  subjectId: number;
  subjectName: string;
  teacherId: number | null;
  teacherName: string | null;
  hours: number;
  /** A room of this kind is required (null: see roomId, else the teacher's home rooms, else none). */
  roomKind: RoomKind | null;
  /** This very room is required. */
  roomId: number | null;
  /** Two hours may stand on one day, next to each other (a «пара»). */
  pairAllowed: boolean;
  /** A subgroup line runs at the same time as the other subgroups of its division. */
  subgroupsParallel: boolean;
}

export interface SchoolRoom {
  id: number;
  name: string;
  capacity: number | null;
  kind: RoomKind;
  /** The teacher whose home room it is. */
  teacherId: number | null;
}

/** A cell (weekday 1…, lesson number 1…) a teacher or a class is not available in. */
export interface SchoolUnavailableCell {
  teacherId: number | null;
  classId: number | null;
  weekday: number;
  lessonNumber: number;
}

/** Active pupils of a class (subgroupId null) or of one of its subgroups. */
export interface SchoolGroupSize {
  classId: number;
  subgroupId: number | null;
  pupils: number;
}

export interface SchoolDivision {
  classId: number;
  /** Subgroup ids of one division (a subgroup set). */
  subgroupIds: number[];
}

export interface SchoolData {
  workingDays: number;
  maxLessonsPerDay: number;
  lines: SchoolLoadLine[];
  divisions: SchoolDivision[];
  rooms?: SchoolRoom[];
  unavailable?: SchoolUnavailableCell[];
  /** Pupils per class and subgroup (absent: 0, so any room fits). */
  sizes?: SchoolGroupSize[];
  /**
   * Grade → the lesson numbers its bell schedule rings (the journal and the timetable screens take a
   * lesson's times from it); a grade absent or with none: every lesson up to `maxLessonsPerDay`.
   */
  bells?: Map<number, number[]>;
}

/** The rules of a class's day the завуч may turn off (then they are soft). */
export interface ClassRules {
  /** No «окна»: hard; off, each gap costs `CLASS_GAP_WEIGHT`. */
  noGaps: boolean;
  /** The day starts at the 1st lesson: hard; off, each late period costs 1. */
  firstLesson: boolean;
}

export const DEFAULT_CLASS_RULES: ClassRules = { noGaps: true, firstLesson: true };
/** A class's gap when the завуч turned the hard rule off: still dearer than a teacher's (3). */
const CLASS_GAP_WEIGHT = 10;
/** A class's longest day may stand this many lessons over its shortest before `even_days` costs. */
const EVEN_DAYS_SPREAD = 1;

export const DAY_NAMES = ['Понедельник', 'Вторник', 'Среда', 'Четверг', 'Пятница', 'Суббота', 'Воскресенье'];

/** СанПиН 1.2.3685-21 difficulty ranks (grades 5–9 column, the scale schools print), by subject name. */
const RANKS: Array<[RegExp, number]> = [
  [/химия/i, 13],
  [/геометри/i, 12],
  [/алгебр|математик/i, 11],
  [/физика/i, 12],
  [/иностран|английск|немецк|французск/i, 10],
  [/русский/i, 10],
  [/информатик/i, 8],
  [/биологи/i, 8],
  [/истори|обществозн/i, 7],
  [/географи/i, 6],
  [/литератур|чтение/i, 5],
  [/окружающ/i, 6],
  [/изо|изобраз/i, 3],
  [/технолог|труд/i, 3],
  [/физическ|физкульт/i, 3],
  [/музык/i, 2],
  [/обж|основы безопасности/i, 2],
];

export function subjectRank(name: string): number {
  for (const [pattern, rank] of RANKS) if (pattern.test(name)) return rank;
  return 4;
}

export interface SchoolInstance {
  instance: Instance;
  /** Load line of each activity. */
  lineOf: SchoolLoadLine[];
  /** Each class with its student sets (resource indexes: one per combination of its subgroups). */
  classes: Array<{ classId: number; name: string; grade: number; atoms: number[] }>;
  /** Each teacher's resource index. */
  teachers: Array<{ teacherId: number; name: string; resource: number }>;
}

/** Slots of the grid whose lesson numbers a grade's bells do not ring (none when it has no bells). */
function silentSlots(rung: number[] | undefined, days: number, periods: number): number[] {
  if (!rung || rung.length === 0) return [];
  const numbers = new Set(rung);
  const slots: number[] = [];
  for (let d = 0; d < days; d++)
    for (let p = 0; p < periods; p++) if (!numbers.has(p + 1)) slots.push(d * periods + p);
  return slots;
}

export function buildSchoolInstance(
  data: SchoolData,
  weights: GenerationWeights,
  rules: ClassRules = DEFAULT_CLASS_RULES,
): SchoolInstance {
  const days = Math.max(1, Math.min(7, data.workingDays));
  const periods = Math.max(1, Math.min(12, data.maxLessonsPerDay));
  const resources: Resource[] = [];
  // Unavailable cells by teacher and by class, as slots of the grid (cells outside it do not matter).
  const teacherCells = new Map<number, number[]>();
  const classCells = new Map<number, number[]>();
  for (const cell of data.unavailable ?? []) {
    if (cell.weekday < 1 || cell.weekday > days || cell.lessonNumber < 1 || cell.lessonNumber > periods)
      continue;
    const slot = (cell.weekday - 1) * periods + cell.lessonNumber - 1;
    const [map, owner] =
      cell.teacherId !== null ? [teacherCells, cell.teacherId] : [classCells, cell.classId ?? 0];
    map.set(owner, [...(map.get(owner) ?? []), slot]);
  }
  const teacherIdx = new Map<number, number>();
  const teachers: SchoolInstance['teachers'] = [];
  const teacherOf = (id: number, name: string) => {
    let i = teacherIdx.get(id);
    if (i === undefined) {
      i = resources.length;
      teacherIdx.set(id, i);
      teachers.push({ teacherId: id, name, resource: i });
      resources.push({ kind: 'teacher', name, unavailable: teacherCells.get(id) });
    }
    return i;
  };

  // Atoms per class: the combinations of its divisions' subgroups.
  const classes = new Map<number, { name: string; grade: number }>();
  for (const line of data.lines) classes.set(line.classId, { name: line.className, grade: line.grade });
  const divisionsOf = new Map<number, number[][]>();
  for (const d of data.divisions) {
    if (!classes.has(d.classId) || d.subgroupIds.length === 0) continue;
    const list = divisionsOf.get(d.classId) ?? [];
    list.push(d.subgroupIds);
    divisionsOf.set(d.classId, list);
  }
  const atomsOfClass = new Map<number, number[]>();
  const atomsOfSubgroup = new Map<number, number[]>();
  const classList: SchoolInstance['classes'] = [];
  for (const [classId, cls] of classes) {
    let combos: number[][] = [[]];
    for (const division of divisionsOf.get(classId) ?? []) {
      if (combos.length * division.length > 64) break;
      combos = combos.flatMap((combo) => division.map((sg) => [...combo, sg]));
    }
    // A lesson stands only where the class's own bells ring (the 1st grade's 4 lessons): those cells
    // are unavailable to it, as its own unavailable cells are.
    const silent = silentSlots(data.bells?.get(cls.grade), days, periods);
    const rung = periods - silent.length / days;
    const limit = Math.min(dailyLimit(cls.grade, periods), rung);
    const blocked = [...new Set([...(classCells.get(classId) ?? []), ...silent])];
    const dayLimits: Resource['limits'] = [
      rules.noGaps
        ? { kind: 'maxGapsPerDay', value: 0, hard: true, weight: 1 }
        : { kind: 'maxGapsPerDay', value: 0, hard: false, weight: CLASS_GAP_WEIGHT },
      { kind: 'maxHoursDaily', value: limit, hard: true, weight: 1 },
      { kind: 'earlyStart', value: 0, hard: rules.firstLesson, weight: 1 },
      ...(weights.even_days > 0
        ? [{ kind: 'maxDaySpread' as const, value: EVEN_DAYS_SPREAD, hard: false, weight: weights.even_days }]
        : []),
    ];
    const atoms = combos.map((combo) => {
      const r = resources.length;
      resources.push({
        kind: 'students',
        name:
          combos.length > 1
            ? `${cls.name} (подгруппа ${combo.length ? combos.indexOf(combo) + 1 : 1})`
            : cls.name,
        limits: dayLimits,
        difficulty: weights.difficulty > 0 || weights.hard_first_last > 0,
        unavailable: blocked.length > 0 ? blocked : undefined,
      });
      for (const sg of combo) {
        const list = atomsOfSubgroup.get(sg) ?? [];
        list.push(r);
        atomsOfSubgroup.set(sg, list);
      }
      return r;
    });
    atomsOfClass.set(classId, atoms);
    classList.push({ classId, name: cls.name, grade: cls.grade, atoms });
  }
  // Rooms: by id, by kind, and each teacher's home rooms.
  const roomIdx = new Map<number, number>();
  const roomsOfKind = new Map<RoomKind, number[]>();
  const homeRooms = new Map<number, number[]>();
  for (const room of data.rooms ?? []) {
    const r = resources.length;
    resources.push({ kind: 'room', name: room.name, capacity: room.capacity ?? 0 });
    roomIdx.set(room.id, r);
    roomsOfKind.set(room.kind, [...(roomsOfKind.get(room.kind) ?? []), r]);
    if (room.teacherId !== null) homeRooms.set(room.teacherId, [...(homeRooms.get(room.teacherId) ?? []), r]);
  }
  const pupils = new Map<string, number>();
  for (const g of data.sizes ?? []) pupils.set(`${g.classId}:${g.subgroupId ?? ''}`, g.pupils);
  const sizeOf = (line: SchoolLoadLine) => pupils.get(`${line.classId}:${line.subgroupId ?? ''}`) ?? 0;
  /**
   * A line's room request: the room it names, else a room of the kind it names (both hard: with
   * none the pupils fit, the diagnosis says so), else the teacher's home room if they fit, else none.
   */
  const roomRequestOf = (line: SchoolLoadLine, size: number): RoomNeed | undefined => {
    const named = line.roomId !== null ? roomIdx.get(line.roomId) : undefined;
    if (named !== undefined) return { rooms: [named] };
    if (line.roomKind !== null)
      return {
        what: `кабинета вида «${ROOM_KINDS[line.roomKind].toLowerCase()}»`,
        rooms: roomsOfKind.get(line.roomKind) ?? [],
      };
    const home = (line.teacherId !== null ? homeRooms.get(line.teacherId) : undefined)?.filter((r) =>
      fitsRoom(resources[r].capacity, size),
    );
    return home?.length ? { rooms: home } : undefined;
  };
  const activities: Activity[] = [];
  const lineOf: SchoolLoadLine[] = [];
  const groups: Instance['groups'] = [];
  const byLine = new Map<number, number[]>();
  for (const line of data.lines) {
    const res: number[] = [];
    if (line.teacherId !== null) res.push(teacherOf(line.teacherId, line.teacherName ?? 'Учитель'));
    const atoms =
      line.subgroupId !== null
        ? (atomsOfSubgroup.get(line.subgroupId) ?? atomsOfClass.get(line.classId) ?? [])
        : (atomsOfClass.get(line.classId) ?? []);
    res.push(...atoms);
    const rank = subjectRank(line.subjectName);
    const size = sizeOf(line);
    const request = roomRequestOf(line, size);
    const rooms = request
      ? {
          roomOptions: [request.rooms.filter((r) => fitsRoom(resources[r].capacity, size))],
          roomNeeds: [request],
        }
      : {};
    const list: number[] = [];
    for (let h = 0; h < line.hours; h++) {
      list.push(activities.length);
      lineOf.push(line);
      activities.push({
        key: line.id,
        label: `${line.className} ${line.subjectName}${line.teacherName ? ` (${line.teacherName})` : ''}`,
        duration: 1,
        resources: res,
        rank,
        size,
        ...rooms,
      });
    }
    byLine.set(line.id, list);
    // A «пара» allowed: two hours of a day stand next to each other (hard), never three.
    if (line.pairAllowed && list.length > 1)
      groups.push({
        kind: 'pair',
        activities: list,
        minDays: 0,
        hard: true,
        weight: 1,
        consecutiveIfSameDay: true,
      });
    // Otherwise one subject twice a day costs, and the hours spread over the week.
    if (!line.pairAllowed && list.length > 1 && list.length <= days) {
      if (weights.subject_twice_a_day > 0)
        groups.push({
          activities: list,
          minDays: 1,
          hard: false,
          weight: weights.subject_twice_a_day,
          consecutiveIfSameDay: false,
        });
      const spread = Math.floor(days / list.length);
      if (weights.spread > 0 && spread >= 2)
        groups.push({
          activities: list,
          minDays: spread,
          hard: false,
          weight: weights.spread,
          consecutiveIfSameDay: false,
        });
    }
  }
  // Subgroups of one division with equal hours run in parallel.
  const sameStart: number[][] = [];
  for (const d of data.divisions) {
    const lines = data.lines.filter(
      (l) => l.subgroupId !== null && l.subgroupsParallel && d.subgroupIds.includes(l.subgroupId),
    );
    if (lines.length < 2) continue;
    const bySubject = new Map<number, SchoolLoadLine[]>();
    for (const l of lines) bySubject.set(l.subjectId, [...(bySubject.get(l.subjectId) ?? []), l]);
    for (const same of bySubject.values()) {
      if (same.length < 2 || new Set(same.map((l) => l.subgroupId)).size !== same.length) continue;
      const hours = same[0].hours;
      if (!same.every((l) => l.hours === hours)) continue;
      // Parallel only when the teachers differ (one teacher cannot take both groups at once).
      if (new Set(same.map((l) => l.teacherId)).size !== same.length) continue;
      for (let h = 0; h < hours; h++) sameStart.push(same.map((l) => byLine.get(l.id)![h]));
    }
  }
  return {
    instance: {
      days,
      periods,
      dayNames: DAY_NAMES.slice(0, days),
      periodNames: Array.from({ length: periods }, (_, p) => `${p + 1} урок`),
      resources,
      activities,
      groups,
      sameStart,
      weights: {
        teacherGaps: weights.teacher_gaps,
        teacherDays: weights.teacher_days,
        difficulty: weights.difficulty,
        hardFirstLast: weights.hard_first_last,
        stability: 20,
      },
    },
    lineOf,
    classes: classList,
    teachers,
  };
}
