/**
 * A school's data with one timetable template as a FET file (`GET /api/timetable/templates/{id}/fet`)
 * that FET's own `fet-cl` reads, and that the import reads back to the very same records: classes as
 * years (their subgroups as groups), each load line as its hours of one-hour activities joined in one
 * activity group (the import sums them back), the template's slots as permanently locked starts, the
 * teachers' not-available cells, the rooms with their capacity. Pure: the caller reads the school.
 */
export interface ExportSchool {
  institution: string;
  dayNames: string[];
  lessons: number;
  teachers: string[];
  subjects: string[];
  classes: { name: string; subgroups: string[] }[];
  rooms: { name: string; capacity: number | null }[];
  loads: {
    id: number;
    className: string;
    subgroup: string | null;
    subject: string;
    teacher: string | null;
    hours: number;
  }[];
  slots: { loadId: number; weekday: number; lesson: number }[];
  unavailable: { teacher: string; weekday: number; lesson: number }[];
}

const esc = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
const tag = (name: string, value: string | number) => `<${name}>${esc(String(value))}</${name}>`;

export function writeFetFile(school: ExportSchool): string {
  const out: string[] = ['<?xml version="1.0" encoding="UTF-8"?>', '<fet version="6.8.5">'];
  out.push(tag('Institution_Name', school.institution), '<Comments>Выгрузка Parta</Comments>');
  out.push('<Days_List>', tag('Number_of_Days', school.dayNames.length));
  for (const d of school.dayNames) out.push(`<Day>${tag('Name', d)}</Day>`);
  out.push('</Days_List>', '<Hours_List>', tag('Number_of_Hours', school.lessons));
  for (let h = 1; h <= school.lessons; h++) out.push(`<Hour>${tag('Name', h)}</Hour>`);
  out.push('</Hours_List>', '<Subjects_List>');
  for (const s of school.subjects) out.push(`<Subject>${tag('Name', s)}</Subject>`);
  out.push('</Subjects_List>', '<Activity_Tags_List></Activity_Tags_List>', '<Teachers_List>');
  for (const t of school.teachers) out.push(`<Teacher>${tag('Name', t)}</Teacher>`);
  out.push('</Teachers_List>', '<Students_List>');
  for (const c of school.classes) {
    out.push('<Year>', tag('Name', c.name), tag('Number_of_Students', 0));
    for (const g of c.subgroups) out.push(`<Group>${tag('Name', g)}${tag('Number_of_Students', 0)}</Group>`);
    out.push('</Year>');
  }
  out.push('</Students_List>', '<Activities_List>');
  const locks: string[] = [];
  const slotsOf = new Map<number, { weekday: number; lesson: number }[]>();
  for (const s of school.slots) slotsOf.set(s.loadId, [...(slotsOf.get(s.loadId) ?? []), s]);
  let nextId = 1;
  for (const line of school.loads) {
    const count = Math.max(1, Math.round(line.hours));
    const groupId = count > 1 ? nextId : 0;
    const slots = (slotsOf.get(line.id) ?? []).sort((a, b) => a.weekday - b.weekday || a.lesson - b.lesson);
    for (let k = 0; k < count; k++) {
      const id = nextId++;
      out.push(
        '<Activity>',
        ...(line.teacher ? [tag('Teacher', line.teacher)] : []),
        tag('Subject', line.subject),
        tag('Students', line.subgroup ?? line.className),
        tag('Duration', 1),
        tag('Total_Duration', count),
        tag('Id', id),
        tag('Activity_Group_Id', groupId),
        tag('Active', 'true'),
        '<Comments></Comments>',
        '</Activity>',
      );
      const slot = slots[k];
      if (slot && slot.weekday <= school.dayNames.length && slot.lesson <= school.lessons)
        locks.push(
          [
            '<ConstraintActivityPreferredStartingTime>',
            tag('Weight_Percentage', 100),
            tag('Activity_Id', id),
            tag('Preferred_Day', school.dayNames[slot.weekday - 1]),
            tag('Preferred_Hour', slot.lesson),
            tag('Permanently_Locked', 'true'),
            tag('Active', 'true'),
            '<Comments></Comments>',
            '</ConstraintActivityPreferredStartingTime>',
          ].join(''),
        );
    }
  }
  out.push('</Activities_List>', '<Buildings_List></Buildings_List>', '<Rooms_List>');
  for (const r of school.rooms)
    out.push(
      `<Room>${tag('Name', r.name)}<Building></Building>${tag('Capacity', r.capacity ?? 1000)}${tag('Virtual', 'false')}</Room>`,
    );
  out.push('</Rooms_List>', '<Time_Constraints_List>');
  out.push(
    `<ConstraintBasicCompulsoryTime>${tag('Weight_Percentage', 100)}${tag('Active', 'true')}<Comments></Comments></ConstraintBasicCompulsoryTime>`,
  );
  const byTeacher = new Map<string, { weekday: number; lesson: number }[]>();
  for (const u of school.unavailable)
    if (u.weekday <= school.dayNames.length && u.lesson <= school.lessons)
      byTeacher.set(u.teacher, [...(byTeacher.get(u.teacher) ?? []), u]);
  for (const [teacher, cells] of byTeacher)
    out.push(
      [
        '<ConstraintTeacherNotAvailableTimes>',
        tag('Weight_Percentage', 100),
        tag('Teacher', teacher),
        tag('Number_of_Not_Available_Times', cells.length),
        ...cells.map(
          (c) =>
            `<Not_Available_Time>${tag('Day', school.dayNames[c.weekday - 1])}${tag('Hour', c.lesson)}</Not_Available_Time>`,
        ),
        tag('Active', 'true'),
        '<Comments></Comments>',
        '</ConstraintTeacherNotAvailableTimes>',
      ].join(''),
    );
  out.push(...locks, '</Time_Constraints_List>', '<Space_Constraints_List>');
  out.push(
    `<ConstraintBasicCompulsorySpace>${tag('Weight_Percentage', 100)}${tag('Active', 'true')}<Comments></Comments></ConstraintBasicCompulsorySpace>`,
  );
  out.push('</Space_Constraints_List>', '</fet>', '');
  return out.join('\n');
}
