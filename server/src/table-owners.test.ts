import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * Each table has one owner. Another module reads the journal's, the students' or the lessons' tables
 * through the query builder (the import shows it) or through the SQL pieces the owner publishes
 * (`modules/<owner>/<owner>.sql.ts`); it never spells the owner's table in raw SQL of its own, where
 * no import shows the reach and a change of the table breaks it silently. This suite reads every
 * non-test source of the server and fails naming the file that does.
 */
const SRC = __dirname;

/** The tables guarded, by the module that owns them (its directory under modules/). */
const OWNERS: Record<string, string[]> = {
  journal: ['journal_cells', 'marks', 'attendance', 'final_marks', 'mark_audit'],
  students: ['students', 'student_parents'],
  timetable: ['lessons', 'timetables', 'timetable_slots'],
};

/**
 * Modules that still spell another's table: the integrator removes each line once its queries use
 * the owners' pieces.
 */
const ALLOWED: string[] = [
  // Published pieces that still join another owner's table inside their statements (the notices'
  // digests, the roster of a lesson): to be composed from that owner's join pieces.
  'modules/journal/journal.sql.ts',
  'modules/students/students.sql.ts',
  'modules/timetable/lessons.sql.ts',
];

/** Where a table may be spelled outside its owner: the schema, migrations and seeds, the tools. */
const EVERYWHERE = ['db/', 'seed/', 'tools/'];

function sources(): string[] {
  return readdirSync(SRC, { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts') && !file.endsWith('.d.ts'))
    .map((file) => file.split(path.sep).join('/'));
}

/**
 * The literal text of every string and template in a source, comments skipped (a «school's» in a
 * comment opens no string); a template's `${…}` is left out (an interpolated table object is an
 * import, not a spelled name) but the templates nested in it are read too.
 */
function literals(code: string): string[] {
  const found: string[] = [];
  let i = 0;
  const template = (): void => {
    // code[i] is the opening backtick.
    i++;
    let text = '';
    while (i < code.length && code[i] !== '`') {
      if (code[i] === '\\') {
        text += code.slice(i, i + 2);
        i += 2;
      } else if (code[i] === '$' && code[i + 1] === '{') {
        found.push(text);
        text = ' ';
        i += 2;
        expression();
      } else text += code[i++];
    }
    found.push(text);
    i++;
  };
  const quoted = (quote: string): void => {
    i++;
    let text = '';
    while (i < code.length && code[i] !== quote && code[i] !== '\n') {
      if (code[i] === '\\') i++;
      text += code[i++];
    }
    found.push(text);
    i++;
  };
  /** Code up to the `}` that closes the `${` (or the end): strings, templates and braces nested. */
  const expression = (): void => {
    let depth = 0;
    while (i < code.length) {
      const c = code[i];
      if (c === '}' && depth === 0) {
        i++;
        return;
      }
      if (c === '{') depth++;
      if (c === '}') depth--;
      if (!step()) i++;
    }
  };
  /** Reads a comment, a string or a template at `i`; false when `i` is on plain code. */
  const step = (): boolean => {
    const c = code[i];
    if (c === '/' && code[i + 1] === '/') {
      const end = code.indexOf('\n', i);
      i = end < 0 ? code.length : end;
      return true;
    }
    if (c === '/' && code[i + 1] === '*') {
      const end = code.indexOf('*/', i + 2);
      i = end < 0 ? code.length : end + 2;
      return true;
    }
    if (c === '`') {
      template();
      return true;
    }
    if (c === "'" || c === '"') {
      quoted(c);
      return true;
    }
    return false;
  };
  while (i < code.length) if (!step()) i++;
  return found;
}

/** The guarded tables a piece of SQL text names (after from, join, into, update, table). */
function tablesNamed(text: string): string[] {
  const names = Object.values(OWNERS).flat();
  const pattern = new RegExp(
    `\\b(?:from|join|into|update|table)\\s+(?:public\\.)?"?(${names.join('|')})"?(?![\\w.])`,
    'gi',
  );
  return [...text.matchAll(pattern)].map((match) => match[1].toLowerCase());
}

const ownerOf = new Map(Object.entries(OWNERS).flatMap(([owner, tables]) => tables.map((t) => [t, owner])));

/** «file: table (owner)» for every table spelled outside its owner's module. */
function trespasses(): string[] {
  const found: string[] = [];
  for (const file of sources()) {
    if (EVERYWHERE.some((prefix) => file.startsWith(prefix))) continue;
    if (ALLOWED.some((prefix) => file.startsWith(prefix))) continue;
    const tables = new Set(literals(readFileSync(path.join(SRC, file), 'utf8')).flatMap(tablesNamed));
    for (const table of tables) {
      const owner = ownerOf.get(table) ?? '';
      if (file.startsWith(`modules/${owner}/`)) continue;
      found.push(
        `${file}: ${table} (owner: modules/${owner}: read it through a piece its *.sql.ts publishes)`,
      );
    }
  }
  return found.sort();
}

describe('each table has one owner', () => {
  it('reads strings and templates, not comments or interpolations', () => {
    // `#{` stands for an interpolation's opening in the source text read.
    const code = [
      "// the school's lessons: from lessons",
      'const a = sql`select 1 from #{lessons} l join marks m on m.lesson_id = l.id`;',
      "const b = 'delete from students where id = 1';",
      '/* from attendance */ const c = `#{sql`update final_marks set value = 1`}`;',
    ]
      .join('\n')
      .replaceAll('#{', '$' + '{');
    expect(literals(code).flatMap(tablesNamed)).toEqual(['marks', 'students', 'final_marks']);
  });

  it('does not take a column or a word for a table', () => {
    expect(tablesNamed('select students, lessons_count from loads join classes c on c.id = 1')).toEqual([]);
    expect(tablesNamed('Оценки из marks_audit; from lessons.id')).toEqual([]);
  });

  it('finds no module spelling another area’s table in raw SQL', () => {
    expect(trespasses()).toEqual([]);
  });
});
