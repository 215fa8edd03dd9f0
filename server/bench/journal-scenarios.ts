/**
 * The class journal under load (issue 11): opening a whole grid, and saving cells, each save on a
 * cell nobody saved yet (version 0), so every acknowledged save is a real write. Each connection
 * remembers the cell of the request it sent; its 2xx answer records that cell as acknowledged, and
 * verify() then looks exactly the acknowledged cells up in the database (saves still in flight when
 * the load stopped were never acknowledged, so they are neither counted nor expected).
 */
import { Client } from 'pg';
import type { LoadRequest } from './load';
import type { Scenario } from './scenarios';

interface JournalLoadItem {
  id: number;
  group_id: number;
  subgroup_id: number | null;
  hours_per_week: number;
  own: boolean;
}
interface Grid {
  editable: boolean;
  /** A line taught without marks (issue 19) refuses grades, so the pool leaves it out. */
  load: { graded: boolean };
  /** The school's today: lessons after it refuse marks (issue 19), so the pool leaves them out. */
  today: string;
  lessons: { id: number; date: string }[];
  students: { id: number }[];
  cells: { lesson_id: number; student_id: number }[];
}

type Cell = { lesson_id: number; student_id: number };

/** The cells the save scenario hands out, in order; `issued` of them have been sent. */
const pool: Cell[] = [];
let issued = 0;
/** Cells whose save was answered 2xx, and how many answers were not. */
const acknowledged: Cell[] = [];
let refused = 0;

export const JOURNAL_SCENARIOS: Scenario[] = [
  {
    name: 'journal open (GET /api/journal/{group}/{load})',
    login: 'teacher',
    quick: true,
    target: { p95_ms: 50 },
    prepare: async ({ get }) => {
      const index = await get<{ data: { loads: JournalLoadItem[] } }>('/api/journal');
      if (!index) return null;
      // The fullest journals: most hours a week, so the most lessons in a term (≈ 35 × 50).
      return [...index.data.loads]
        .filter((load) => load.subgroup_id === null)
        .sort((a, b) => b.hours_per_week - a.hours_per_week)
        .slice(0, 20)
        .map((load): LoadRequest => ({ method: 'GET', path: `/api/journal/${load.group_id}/${load.id}` }));
    },
  },
  {
    name: 'cell save (PUT /api/journal/lessons/{l}/students/{s})',
    login: 'zavuch',
    quick: true,
    target: { p95_ms: 20 },
    prepare: async ({ get }) => {
      const index = await get<{ data: { loads: JournalLoadItem[] } }>('/api/journal');
      if (!index) return null;
      pool.length = 0;
      issued = 0;
      acknowledged.length = 0;
      refused = 0;
      for (const load of index.data.loads.filter((item) => item.subgroup_id === null).slice(0, 150)) {
        const grid = await get<{ data: Grid }>(`/api/journal/${load.group_id}/${load.id}`);
        if (!grid?.data.editable || !grid.data.load.graded) continue;
        const saved = new Set(grid.data.cells.map((cell) => `${cell.lesson_id}|${cell.student_id}`));
        for (const lesson of grid.data.lessons.filter((item) => item.date <= grid.data.today))
          for (const student of grid.data.students)
            if (!saved.has(`${lesson.id}|${student.id}`))
              pool.push({ lesson_id: lesson.id, student_id: student.id });
      }
      if (pool.length === 0) return null;
      const body = JSON.stringify({ grades: [{ value: 4 }], attendance: null, version: 0 });
      return [
        {
          method: 'PUT',
          path: '/api/journal/lessons/0/students/0',
          body,
          setupRequest: (request, context) => {
            const cell = pool[issued++ % pool.length];
            context.cell = cell;
            return { ...request, path: `/api/journal/lessons/${cell.lesson_id}/students/${cell.student_id}` };
          },
          onResponse: (status, _body, context) => {
            if (status >= 200 && status < 300) acknowledged.push(context.cell as Cell);
            else refused += 1;
          },
        },
      ];
    },
    verify: async ({ databaseUrl }) => {
      const client = new Client({ connectionString: databaseUrl });
      await client.connect();
      try {
        // A cell counts as found once: its journal_cells row exists and holds the saved grade.
        const result = await client.query(
          `select count(*)::int as stored
             from (select distinct lesson_id, student_id
                     from json_to_recordset($1::json) as k(lesson_id int, student_id int)) k
            where exists (select 1 from journal_cells c
                           where c.lesson_id = k.lesson_id and c.student_id = k.student_id)
              and exists (select 1 from marks m
                           where m.lesson_id = k.lesson_id and m.student_id = k.student_id)`,
          [JSON.stringify(acknowledged)],
        );
        const distinct = new Set(acknowledged.map((cell) => `${cell.lesson_id}|${cell.student_id}`)).size;
        const found = Number(result.rows[0].stored);
        return {
          'ячеек в пуле': pool.length,
          'отправлено сохранений': issued,
          'подтверждено (2xx)': acknowledged.length,
          'не подтверждено (не 2xx)': refused,
          'в полёте при остановке': issued - acknowledged.length - refused,
          'найдено в базе': found,
          потеряно: distinct - found,
        };
      } finally {
        await client.end();
      }
    },
  },
];
