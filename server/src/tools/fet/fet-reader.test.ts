import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { checkAssignment } from '../../modules/timetable-generator/solver/check';
import { solve } from '../../modules/timetable-generator/solver/search';
import { readFet } from './fet-reader';
import { writeLockedFet } from './fet-writer';

const xml = readFileSync(join(__dirname, 'fixtures', 'small-school.fet'), 'utf8');

describe('FET reader', () => {
  const model = readFet(xml);
  const inst = model.instance;
  const res = (name: string) => inst.resources.findIndex((r) => r.name === name);
  const act = (id: number) => inst.activities[model.activityIds.indexOf(id)];

  test('reads days, hours, teachers, the students tree, rooms and active activities', () => {
    expect(inst.days).toBe(2);
    expect(inst.periodNames).toEqual(['1', '2', 'Перемена', '3']);
    // Inactive activity 7 is left out, as FET does.
    expect(model.activityIds).toEqual([1, 2, 3, 4, 5, 6]);
    // Atomic student sets: 5А's two subgroups and 5Б; the year takes all three.
    const atoms = inst.resources.filter((r) => r.kind === 'students').map((r) => r.name);
    expect(atoms).toEqual(['5А гр1', '5А гр2', '5Б']);
    // The teacher, both subgroups, and the (teacher, tag) resource of the tag limit read below.
    expect(act(1).resources.sort()).toEqual(
      [res('Иванова И. И.'), res('5А гр1'), res('5А гр2'), res('Иванова И. И. · Урок')].sort(),
    );
    expect(act(6).resources.sort()).toEqual(
      [res('Петров П. П.'), res('5А гр1'), res('5А гр2'), res('5Б')].sort(),
    );
    expect(act(3).duration).toBe(2);
    // Students: the sets' own count, unless the activity gives its own (5А гр2 has 13, 10 come).
    expect(act(4).size).toBe(12);
    expect(act(5).size).toBe(10);
    // Room names keep their trailing tab, exactly as FET does.
    expect(res('Спортзал\t')).toBeGreaterThanOrEqual(0);
  });

  test('reads the supported constraints', () => {
    expect(inst.forbiddenSlots?.sort()).toEqual([2, 6]);
    expect(inst.resources[res('Smith J.')].unavailable).toEqual([0]);
    expect(inst.resources[res('Каб. 1')].unavailable).toEqual([7]);
    expect(inst.groups).toEqual([
      { activities: [0, 1], minDays: 1, hard: true, weight: expect.any(Number), consecutiveIfSameDay: true },
      { kind: 'grouped', activities: [0, 3], minDays: 0, hard: true, weight: 1, consecutiveIfSameDay: false },
    ]);
    expect(inst.sameStart).toEqual([[3, 4]]);
    expect(inst.resources[res('5Б')].limits).toEqual([
      { kind: 'maxGapsPerWeek', value: 0, hard: true, weight: expect.any(Number) },
      // Min hours daily without empty days: every day, not only days with lessons.
      { kind: 'minHoursEveryDay', value: 1, hard: true, weight: expect.any(Number) },
      { kind: 'maxBuildingChangesPerDay', value: 1, hard: true, weight: expect.any(Number) },
    ]);
    expect(act(6).roomOptions).toEqual([[res('Спортзал\t')]]);
    expect(act(4).roomOptions).toEqual([[res('Каб. 1'), res('Каб. 2')]]);
    // Building changes: every teacher at most 2 a week, Петров with a free period before each.
    expect(inst.resources[res('Петров П. П.')].limits).toEqual([
      { kind: 'maxHoursContinuously', value: 3, hard: false, weight: expect.any(Number) },
      { kind: 'minGapsBetweenBuildingChanges', value: 1, hard: true, weight: expect.any(Number) },
      { kind: 'maxBuildingChangesPerWeek', value: 2, hard: true, weight: expect.any(Number) },
    ]);
    // Rooms carry their buildings; a room without one has none.
    expect(inst.resources[res('Спортзал\t')].building).toBe('Спорткорпус');
    expect(inst.resources[res('Каб. 2')].building).toBe('Главный');
    // Home rooms: the lessons Иванова teaches alone go to hers (Каб. 2); 5Б's lessons to one of its
    // two, so its mathematics with her, under both rules, to the room they share. The physical
    // education of the year has a preferred room rule, which comes first.
    expect(act(1).roomOptions).toEqual([[res('Каб. 2')]]);
    expect(act(3).roomOptions).toEqual([[res('Каб. 2')]]);
    // Max hours continuously on every teacher (soft, 50 %).
    // A soft rule costs −10·ln(1 − w): at 50 % a break costs 6.9 (a teacher's gap: 3).
    // Days with lessons from hour «2» to the end of the day (an end hour left empty): at most 2.
    expect(inst.resources[res('Smith J.')].limits).toEqual([
      { kind: 'maxHoursContinuously', value: 3, hard: false, weight: expect.closeTo(6.93, 2) },
      { kind: 'maxDaysInInterval', value: 2, hard: true, weight: expect.any(Number), from: 1, to: 4 },
      { kind: 'maxBuildingChangesPerWeek', value: 2, hard: true, weight: expect.any(Number) },
    ]);
    // An activity-tag limit counts only the teacher's lessons with the tag: a virtual resource they share.
    const tagged = res('Иванова И. И. · Урок');
    expect(inst.resources[tagged]).toMatchObject({
      kind: 'virtual',
      limits: [{ kind: 'maxHoursDaily', value: 1, hard: true, weight: expect.any(Number) }],
    });
    expect([1, 2, 3].map((id) => act(id).resources.includes(tagged))).toEqual([true, true, false]);
    // A students filter takes every activity sharing students with the set, as FET 6 does: the year
    // «5» takes the English of its subgroups, which name only «5А гр1» and «5А гр2».
    expect(act(4).allowedSlots?.sort()).toEqual([0, 1, 4, 5]);
    expect(act(5).allowedSlots?.sort()).toEqual([0, 1, 4, 5]);
    expect(act(3).allowedSlots).toBeUndefined();
    // A preferred time under 100 % is a soft wish of its weight (90 %: 23 when broken), not a rule.
    expect(act(2).allowedStarts).toBeUndefined();
    expect(act(2).wishes).toEqual([{ starts: [7], weight: expect.closeTo(23.03, 1) }]);
    expect(act(1).wishes).toBeUndefined();
    // The whole year's physical education ends its students' day; nothing else does.
    expect(model.activityIds.filter((id) => act(id).endsStudentsDay)).toEqual([6]);
  });

  test('lists what it does not support by name and count, marking those at 100 %', () => {
    expect(inst.unsupported).toEqual([{ name: 'ConstraintTeacherMinDaysPerWeek', count: 2, hard: false }]);
  });

  test('the locked export reads back with every start and room fixed where the solver put them', () => {
    const result = solve(inst, { seed: 2, seconds: 5, stopAtFeasible: true });
    expect(checkAssignment(inst, result).problems).toEqual([]);
    // The break is no gap: students' max gaps 0 holds across it.
    const locked = writeLockedFet(xml, model, result.starts, result.rooms);
    expect(locked.match(/<ConstraintActivityPreferredStartingTime>/g)).toHaveLength(6);
    expect(locked).toContain('<Permanently_Locked>true</Permanently_Locked>');
    const back = readFet(locked);
    back.instance.activities.forEach((a, i) => {
      expect(a.allowedStarts).toEqual([result.starts[i]]);
      if (result.rooms[i].length > 0) expect(a.roomOptions).toEqual([[result.rooms[i][0]]]);
    });
    const again = solve(back.instance, { seed: 9, seconds: 5, stopAtFeasible: true });
    expect(again.starts).toEqual(result.starts);
    expect(again.hardViolations).toBe(0);
  });

  test('leaving out the rules under 100 %, the locked export keeps every rule at 100 % and the locks', () => {
    const result = solve(inst, { seed: 2, seconds: 5, stopAtFeasible: true });
    const locked = writeLockedFet(xml, model, result.starts, result.rooms, { leaveOut: 'rulesUnder100' });
    const back = readFet(locked);
    // The 90 % preferred time, the 50 % max hours continuously and the soft unsupported rule are gone.
    expect(back.instance.activities[model.activityIds.indexOf(2)].wishes).toBeUndefined();
    expect(back.instance.unsupported).toEqual([]);
    const soft = back.instance.resources.flatMap((r) => (r.limits ?? []).filter((l) => !l.hard));
    expect(soft).toEqual([]);
    // Every rule at 100 % is still there, the locks too.
    expect(back.instance.forbiddenSlots?.sort()).toEqual([2, 6]);
    expect(back.instance.groups).toEqual(inst.groups);
    expect(back.instance.resources[res('5Б')].limits).toEqual(inst.resources[res('5Б')].limits);
    expect(back.instance.activities.map((a) => a.allowedStarts)).toEqual(result.starts.map((s) => [s]));
  });
});

/** Two days of three hours, one teacher, three lessons; `constraints` go into the time constraints list. */
function tinyFet(constraints: string): string {
  const activity = (id: number) =>
    `<Activity><Teacher>Орлова</Teacher><Subject>Музыка</Subject><Students>5А</Students><Duration>1</Duration>` +
    `<Total_Duration>3</Total_Duration><Id>${id}</Id><Activity_Group_Id>1</Activity_Group_Id><Active>true</Active></Activity>`;
  const lock = (id: number, day: string, hour: string) =>
    `<ConstraintActivityPreferredStartingTime><Weight_Percentage>100</Weight_Percentage><Activity_Id>${id}</Activity_Id>` +
    `<Preferred_Day>${day}</Preferred_Day><Preferred_Hour>${hour}</Preferred_Hour><Permanently_Locked>true</Permanently_Locked><Active>true</Active></ConstraintActivityPreferredStartingTime>`;
  return `<?xml version="1.0" encoding="UTF-8"?><fet version="6.8.5">
<Days_List><Number_of_Days>2</Number_of_Days><Day><Name>Пн</Name></Day><Day><Name>Вт</Name></Day></Days_List>
<Hours_List><Number_of_Hours>3</Number_of_Hours><Hour><Name>1</Name></Hour><Hour><Name>2</Name></Hour><Hour><Name>3</Name></Hour></Hours_List>
<Subjects_List><Subject><Name>Музыка</Name></Subject></Subjects_List>
<Teachers_List><Teacher><Name>Орлова</Name></Teacher></Teachers_List>
<Students_List><Year><Name>5А</Name><Number_of_Students>25</Number_of_Students></Year></Students_List>
<Activities_List>${activity(1)}${activity(2)}${activity(3)}</Activities_List>
<Time_Constraints_List><ConstraintBasicCompulsoryTime><Weight_Percentage>100</Weight_Percentage><Active>true</Active></ConstraintBasicCompulsoryTime>
${constraints.replace(/LOCK\((\d+),([^,)]+),([^,)]+)\)/g, (_, id, day, hour) => lock(Number(id), day, hour))}
</Time_Constraints_List>
<Space_Constraints_List><ConstraintBasicCompulsorySpace><Weight_Percentage>100</Weight_Percentage><Active>true</Active></ConstraintBasicCompulsorySpace></Space_Constraints_List>
</fet>`;
}

const minDays = (weight: number) =>
  `<ConstraintMinDaysBetweenActivities><Weight_Percentage>${weight}</Weight_Percentage><Consecutive_If_Same_Day>false</Consecutive_If_Same_Day>` +
  `<Activity_Id>1</Activity_Id><Activity_Id>2</Activity_Id><MinDays>1</MinDays><Active>true</Active></ConstraintMinDaysBetweenActivities>`;

describe('FET reader: locks of the file that break its own rules under 100 %', () => {
  test('two lessons locked on one day under «1 day apart» at 95 % are named, and still solved', () => {
    const model = readFet(tinyFet(`${minDays(95)}LOCK(1,Пн,1)LOCK(2,Пн,2)`));
    expect(model.warnings).toHaveLength(1);
    expect(model.warnings[0]).toContain('Уроки #1, #2 (Музыка, Орлова, 5А) закреплены в файле на дни Пн ×2');
    expect(model.warnings[0]).toContain('(95 %)');
    expect(model.warnings[0]).toContain('при любом расписании нарушений 1');
    // One break at once: fet-cl gets through it, so nothing is said about FET stopping.
    expect(model.warnings[0]).not.toContain('FET');
    // For Parta the rule is soft: a timetable with every rule at 100 % kept, the break priced.
    const result = solve(model.instance, { seed: 1, seconds: 2, stopAtFeasible: true });
    expect(result.hardViolations).toBe(0);
    expect(result.softCost).toBeGreaterThan(0);
  });

  test('three lessons locked on one day: the last placed breaks it twice at once, which stops FET', () => {
    const three = tinyFet(
      `${minDays(95).replace('<Activity_Id>2</Activity_Id>', '<Activity_Id>2</Activity_Id><Activity_Id>3</Activity_Id>')}` +
        'LOCK(1,Пн,1)LOCK(2,Пн,2)LOCK(3,Пн,3)',
    );
    const model = readFet(three);
    expect(model.warnings).toHaveLength(1);
    expect(model.warnings[0]).toContain('Уроки #1, #2, #3');
    expect(model.warnings[0]).toContain('при любом расписании нарушений 3');
    expect(model.warnings[0]).toContain('сразу 2 раза');
    expect(model.warnings[0]).toContain('с вероятностью 5 % за попытку и на таком файле не завершается');
  });

  test('leaving out the lock clashes, the locked export keeps every other rule under 100 %', () => {
    const maxDaily =
      '<ConstraintTeacherMaxHoursDaily><Weight_Percentage>90</Weight_Percentage><Teacher_Name>Орлова</Teacher_Name>' +
      '<Maximum_Hours_Daily>1</Maximum_Hours_Daily><Active>true</Active></ConstraintTeacherMaxHoursDaily>';
    const xml = tinyFet(`${minDays(95)}${maxDaily}LOCK(1,Пн,1)LOCK(2,Пн,2)`);
    const model = readFet(xml);
    expect(model.lockClashes).toEqual([[1, 2]]);
    const result = solve(model.instance, { seed: 1, seconds: 2, stopAtFeasible: true });
    const back = readFet(
      writeLockedFet(xml, model, result.starts, result.rooms, { leaveOut: 'lockClashes' }),
    );
    expect(back.warnings).toEqual([]);
    expect(back.instance.groups).toEqual([]);
    expect(back.instance.resources[0].limits).toEqual([
      { kind: 'maxHoursDaily', value: 1, hard: false, weight: expect.any(Number) },
    ]);
    // Without leaving anything out, the export keeps the clash (and fet-cl would stop on it).
    expect(readFet(writeLockedFet(xml, model, result.starts, result.rooms)).warnings).toHaveLength(1);
  });

  test('locks on different days, a lesson left free or a rule at 100 % give no warning', () => {
    expect(readFet(tinyFet(`${minDays(95)}LOCK(1,Пн,1)LOCK(2,Вт,1)`)).warnings).toEqual([]);
    expect(readFet(tinyFet(`${minDays(95)}LOCK(1,Пн,1)`)).warnings).toEqual([]);
    expect(readFet(tinyFet(`${minDays(100)}LOCK(1,Пн,1)LOCK(2,Пн,2)`)).warnings).toEqual([]);
  });
});
