import { TextDecoder } from 'node:util';
import { XMLParser } from 'fast-xml-parser';
import { checkXml } from './fet-file';
import { ImportFileError } from './import-file-error';

/**
 * An aSc Timetables XML export (the «2012» format, `<timetable ascttversion="2012">`) as the import
 * carries it (issue 50). Each section says in its `columns=` attribute which attributes its rows
 * have; a row's attribute is read only when its section declares it. Records refer to each other by
 * aSc's ids (`*1`, `{GUID}`); this reader checks every reference and answers names. Pure: run off
 * the API's thread by `parse-thread.ts`.
 */
export interface AscLesson {
  id: string;
  /** Per class of the lesson: its name and the subgroup names the lesson is for (none: the whole class). */
  classes: { name: string; groups: string[] }[];
  subject: string;
  teachers: string[];
  periodsPerCard: number;
  periodsPerWeek: number;
}

export interface AscData {
  days: number;
  periods: number;
  teachers: string[];
  subjects: string[];
  classes: string[];
  rooms: { name: string; capacity: number | null }[];
  lessons: AscLesson[];
  /** Placed cards: lesson id, day index, period index (both from 0). */
  cards: { lessonId: string; day: number; period: number }[];
  unsupported: { name: string; count: number }[];
}

type Row = Record<string, string>;
type Node = Record<string, unknown>;

const fileError = (message: string, details: string[] = [message]) =>
  new ImportFileError(message, { file: details });

/** Entities are off (a DTD is refused before by `checkXml`); attributes are kept as text. */
const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@',
  parseTagValue: false,
  parseAttributeValue: false,
  processEntities: false,
});

/** The declared encoding of the document: the XML declaration's, else UTF-8. */
export function decodeXml(bytes: Uint8Array): string {
  const head = Buffer.from(bytes.subarray(0, 200)).toString('latin1');
  const declared = /^\uFEFF?<\?xml[^>]*\bencoding\s*=\s*["']([A-Za-z0-9._-]+)["']/.exec(
    head.replace(/^\xEF\xBB\xBF/, ''),
  )?.[1];
  const label = (declared ?? 'utf-8').toLowerCase();
  let decoder: TextDecoder;
  try {
    decoder = new TextDecoder(label === 'cp1251' ? 'windows-1251' : label, { fatal: true });
  } catch {
    throw fileError(
      `Кодировка файла «${declared}» не поддерживается: сохраните его в UTF-8 или windows-1251`,
    );
  }
  try {
    return decoder.decode(bytes).replace(/^\uFEFF/, '');
  } catch {
    throw fileError(`Файл не в объявленной кодировке ${declared ?? 'UTF-8'}: сохраните его заново`);
  }
}

/** The rows of one section, each with only the attributes its `columns=` declares. */
function section(root: Node, name: string, item: string, required: string[]): Row[] {
  const holder = root[name];
  if (holder === undefined) return [];
  const node = (typeof holder === 'object' && holder !== null ? holder : {}) as Node;
  const columns = new Set(
    String(node['@columns'] ?? '')
      .split(',')
      .map((c) => c.trim())
      .filter(Boolean),
  );
  const rows = node[item] === undefined ? [] : Array.isArray(node[item]) ? node[item] : [node[item]];
  if (rows.length > 0) {
    const missing = required.filter((c) => !columns.has(c));
    if (missing.length > 0)
      throw fileError(`В разделе <${name}> не объявлены столбцы ${missing.join(', ')} (атрибут columns)`);
  }
  return (rows as unknown[]).map((raw) => {
    const row: Row = {};
    const attributes = (typeof raw === 'object' && raw !== null ? raw : {}) as Node;
    for (const column of columns) {
      const value = attributes[`@${column}`];
      if (value !== undefined) row[column] = unescapeXml(String(value)).trim();
    }
    return row;
  });
}

/** The five predefined entities and character references of an attribute (no DTD's are ever expanded). */
const PREDEFINED: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };
export const unescapeXml = (value: string) =>
  value.replace(/&(#x[0-9a-f]+|#\d+|amp|lt|gt|quot|apos);/gi, (whole, name: string) => {
    if (name[0] !== '#') return PREDEFINED[name.toLowerCase()] ?? whole;
    const code =
      name[1] === 'x' || name[1] === 'X' ? Number.parseInt(name.slice(2), 16) : Number(name.slice(1));
    return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
  });

const ids = (value: string | undefined) =>
  (value ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);

/** A teacher's name: `name`, else surname and first name. */
const teacherName = (t: Row) =>
  (t.name || [t.lastname, t.firstname].filter(Boolean).join(' ') || t.short || '').replace(/\s+/g, ' ');

export function readAscFile(bytes: Uint8Array): AscData {
  const xml = decodeXml(bytes);
  checkXml(xml);
  const root = (parser.parse(xml) as { timetable?: unknown }).timetable;
  if (!root || typeof root !== 'object' || (root as Node)['@ascttversion'] === undefined)
    throw fileError('Это не файл aSc Timetables: нет элемента <timetable ascttversion="…">');
  const doc = root as Node;
  if (doc.lessons === undefined || doc.classes === undefined)
    throw fileError(
      'В файле aSc нет разделов <classes> и <lessons>: выгрузите расписание в формате XML 2012',
    );

  const periods = section(doc, 'periods', 'period', ['period'])
    .map((p) => Number(p.period))
    .filter((n) => Number.isInteger(n))
    .sort((a, b) => a - b);
  const periodIdx = new Map(periods.map((p, i) => [p, i]));
  const bitstrings = [...section(doc, 'daysdefs', 'daysdef', ['days']).flatMap((d) => ids(d.days))];
  const teacherRows = section(doc, 'teachers', 'teacher', ['id']);
  const subjectRows = section(doc, 'subjects', 'subject', ['id', 'name']);
  const classRows = section(doc, 'classes', 'class', ['id', 'name']);
  const groupRows = section(doc, 'groups', 'group', ['id', 'classid', 'name']);
  const roomRows = section(doc, 'classrooms', 'classroom', ['id', 'name']);
  const lessonRows = section(doc, 'lessons', 'lesson', ['id', 'classids', 'subjectid', 'periodsperweek']);
  const cardRows = section(doc, 'cards', 'card', ['lessonid', 'period', 'days']);
  for (const c of cardRows) bitstrings.push(c.days ?? '');
  const days = Math.max(0, ...bitstrings.filter((b) => /^[01]+$/.test(b)).map((b) => b.length)) || 5;
  if (periods.length === 0) throw fileError('В файле aSc нет уроков дня (раздел <periods>)');

  const teacherOf = new Map(teacherRows.map((t) => [t.id, teacherName(t)]));
  const subjectOf = new Map(subjectRows.map((s) => [s.id, s.name]));
  const classOf = new Map(classRows.map((c) => [c.id, c.name.replace(/\s+/g, ' ')]));
  const groupOf = new Map(groupRows.map((g) => [g.id, g]));
  const roomIds = new Set(roomRows.map((r) => r.id));
  const errors: string[] = [];
  for (const g of groupRows)
    if (!classOf.has(g.classid)) errors.push(`Группа «${g.name}»: класс «${g.classid}» не объявлен в файле`);
  const unsupported = new Map<string, number>();
  const notCarried = (name: string, n = 1) => unsupported.set(name, (unsupported.get(name) ?? 0) + n);

  const lessons: AscLesson[] = [];
  for (const l of lessonRows) {
    const where = `Урок ${l.id || '?'}`;
    const subject = subjectOf.get(l.subjectid);
    if (subject === undefined) errors.push(`${where}: предмет «${l.subjectid}» не объявлен в файле`);
    const teachers = ids(l.teacherids).flatMap((id) => {
      const name = teacherOf.get(id);
      if (name === undefined) errors.push(`${where}: учитель «${id}» не объявлен в файле`);
      return name === undefined ? [] : [name];
    });
    for (const id of ids(l.classroomids))
      if (!roomIds.has(id)) errors.push(`${where}: кабинет «${id}» не объявлен в файле`);
    const groups = ids(l.groupids).flatMap((id) => {
      const g = groupOf.get(id);
      if (!g) errors.push(`${where}: группа «${id}» не объявлена в файле`);
      return g ? [g] : [];
    });
    const classes = ids(l.classids).flatMap((id) => {
      const name = classOf.get(id);
      if (name === undefined) {
        errors.push(`${where}: класс «${id}» не объявлен в файле`);
        return [];
      }
      const own = groups.filter((g) => g.classid === id);
      const whole = own.length === 0 || own.some((g) => g.entireclass === '1');
      return [{ name, groups: whole ? [] : [...new Set(own.map((g) => g.name.replace(/\s+/g, ' ')))] }];
    });
    const perWeek = Number(l.periodsperweek);
    const perCard = l.periodspercard === undefined || l.periodspercard === '' ? 1 : Number(l.periodspercard);
    if (!Number.isFinite(perWeek) || perWeek < 0 || perWeek > 40)
      errors.push(`${where}: часов в неделю «${l.periodsperweek}» — не число от 0 до 40`);
    if (!Number.isInteger(perCard) || perCard < 1 || perCard > periods.length)
      errors.push(`${where}: уроков подряд «${l.periodspercard}» — не число уроков дня`);
    if (classes.length === 0) {
      notCarried('Уроки без классов');
      continue;
    }
    if (perWeek === 0) {
      notCarried('Уроки без часов в неделю');
      continue;
    }
    if (teachers.length > 1) notCarried('Второй и следующие учителя урока');
    if (subject !== undefined)
      lessons.push({
        id: l.id,
        classes,
        subject,
        teachers,
        periodsPerCard: perCard,
        periodsPerWeek: perWeek,
      });
  }
  const lessonIds = new Set(lessonRows.map((l) => l.id));
  const cards: AscData['cards'] = [];
  for (const c of cardRows) {
    const where = `Карточка урока ${c.lessonid || '?'}`;
    if (!lessonIds.has(c.lessonid)) {
      errors.push(`${where}: урок не объявлен в файле`);
      continue;
    }
    const period = periodIdx.get(Number(c.period));
    if (period === undefined) errors.push(`${where}: урок дня «${c.period}» не объявлен в файле`);
    if (!/^[01]+$/.test(c.days ?? '')) errors.push(`${where}: дни «${c.days}» — не строка из 0 и 1`);
    if (period === undefined || !/^[01]+$/.test(c.days ?? '')) continue;
    if (c.weeks && /0/.test(c.weeks)) notCarried('Карточки не на каждую неделю');
    [...c.days].forEach((bit, day) => {
      if (bit === '1') cards.push({ lessonId: c.lessonid, day, period });
    });
  }
  if (errors.length > 0)
    throw new ImportFileError('В файле есть ссылки на то, чего он не объявляет, или неверные значения', {
      file: errors.slice(0, 20),
    });
  const students = section(doc, 'students', 'student', []);
  if (students.length > 0) notCarried('Ученики (раздел <students>)', students.length);
  return {
    days,
    periods: periods.length,
    teachers: unique(teacherRows.map(teacherName)),
    subjects: unique(subjectRows.map((s) => s.name)),
    classes: unique(classRows.map((c) => c.name.replace(/\s+/g, ' '))),
    rooms: roomRows
      .filter((r) => r.name)
      .map((r) => {
        const capacity = Number(r.capacity);
        return {
          name: r.name,
          capacity: Number.isInteger(capacity) && capacity >= 1 && capacity <= 1000 ? capacity : null,
        };
      }),
    lessons,
    cards,
    unsupported: [...unsupported].map(([name, count]) => ({ name, count })),
  };
}

function unique(names: string[]): string[] {
  return [...new Set(names.filter(Boolean))];
}
