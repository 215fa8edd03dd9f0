/**
 * A region in one PostgreSQL (`pnpm bench --size region`): the demo seed, then its main school
 * (МБОУ СОШ №1: ~590 pupils, ~45 teachers, the term's timetable, marks and attendance) copied into
 * `schools - 1` more schools, and the current term's marks topped up, all in set-based SQL
 * (INSERT … SELECT over generate_series), so 200 schools take minutes, not hours. Deterministic: the
 * copies follow the source row for row, and the added marks are chosen by a hash of (lesson, pupil).
 *
 * The copy is driven by the catalogue, not by a hand-kept table list: every table with an
 * `organization_id` has its school's rows copied k = 1 … n times, with
 *   id            → id + k · max(id)                      (of that table, before copying)
 *   organization  → the k-th new school
 *   a foreign key → the same shift as its target's id, when the target row is the source school's
 * and logins suffixed `.k` (they are unique). Foreign keys are not checked during the copy
 * (`session_replication_role = replica`): the rows are consistent by construction. A partitioned
 * table (the journal's, by school year: relkind 'p') is copied through its parent, which routes each
 * row to its year's partition; the partitions themselves (relispartition) are not tables to copy.
 */
import { Client } from 'pg';

const SOURCE_SCHOOL = 'МБОУ СОШ №1';

type Query = Client['query'];

interface TableInfo {
  name: string;
  columns: string[];
  hasId: boolean;
  /** column → the table it references (by id). */
  references: Map<string, string>;
}

async function tenantTables(query: Query): Promise<TableInfo[]> {
  const { rows: tables } = await query(`
    select c.relname as name,
           array_agg(a.attname::text order by a.attnum) as columns
      from pg_class c
      join pg_namespace n on n.oid = c.relnamespace and n.nspname = 'public'
      join pg_attribute a on a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped
     where c.relkind in ('r', 'p') and not c.relispartition
       and exists (select 1 from pg_attribute o where o.attrelid = c.oid and o.attname = 'organization_id')
     group by c.relname`);
  const { rows: keys } = await query(`
    select c.conrelid::regclass::text as table_name, a.attname as column_name, c.confrelid::regclass::text as target
      from pg_constraint c
      join pg_attribute a on a.attrelid = c.conrelid and a.attnum = c.conkey[1]
     where c.contype = 'f' and c.connamespace = 'public'::regnamespace and array_length(c.conkey, 1) = 1`);
  return tables.map((table: { name: string; columns: string[] }) => ({
    name: table.name,
    columns: table.columns,
    hasId: table.columns.includes('id'),
    references: new Map(
      keys
        .filter((key: { table_name: string }) => key.table_name === table.name)
        .map((key: { column_name: string; target: string }) => [key.column_name, key.target]),
    ),
  }));
}

export interface RegionFigures {
  schools: number;
  copy_ms: number;
  marks_ms: number;
  analyze_ms: number;
  counts: Record<string, number>;
}

/**
 * Turns a migrated database holding the demo seed into a region of `schools` schools. `density`: the
 * share (0–1) of the current term's lesson × pupil cells up to today that get a mark added. With
 * `schools` = 1 nothing is copied: the source school alone, its marks topped up as in a region (the
 * region bench's «one school», so both measure the same school).
 */
export async function seedRegion(url: string, schools: number, density: number): Promise<RegionFigures> {
  const client = new Client({ connectionString: url });
  await client.connect();
  const query: Query = client.query.bind(client);
  try {
    const {
      rows: [{ id: source }],
    } = await query('select id from organizations where short_name = $1', [SOURCE_SCHOOL]);
    const copies = schools - 1;
    const tables = await tenantTables(query);
    const tenant = new Set(tables.filter((table) => table.hasId).map((table) => table.name));
    const maxId = new Map<string, number>();
    for (const name of [...tenant, 'organizations']) {
      const { rows } = await query(`select coalesce(max(id), 0)::int as m from ${name}`);
      maxId.set(name, rows[0].m);
    }
    const orgBase = maxId.get('organizations') as number;

    const started = Date.now();
    // A bulk load: memory for hashing, no JIT, no waiting on the WAL flush per statement.
    await query("set work_mem = '256MB'");
    await query("set maintenance_work_mem = '512MB'");
    await query('set jit = off');
    await query('set synchronous_commit = off');
    await query('set session_replication_role = replica');
    // The big tables' plain indexes are built once at the end instead of row by row (a partitioned
    // table's index is dropped and built on the parent, for every partition: not `ON ONLY` it).
    const { rows: bulkIndexes } = await query(`
      select i.indexrelid::regclass::text as name, pg_get_indexdef(i.indexrelid) as definition
        from pg_index i join pg_class c on c.oid = i.indrelid
       where c.relname in ('marks', 'lessons', 'attendance') and not i.indisunique and not i.indisprimary
         and not c.relispartition`);
    for (const index of bulkIndexes) await query(`drop index ${index.name}`);
    // The source school's ids of every table a foreign key points at, to join against (a key into
    // the source school is shifted, one into another organization stays).
    for (const target of tenant) {
      await query(
        `create temp table source_${target} as select id from ${target} where organization_id = ${source}`,
      );
      await query(`alter table source_${target} add primary key (id)`);
      await query(`analyze source_${target}`);
    }
    await query('begin');
    // The schools: copies of the source, numbered in their names, at the top of the registry.
    const { rows: orgColumns } = await query(
      `select array_agg(attname::text order by attnum) as c from pg_attribute
        where attrelid = 'organizations'::regclass and attnum > 0 and not attisdropped`,
    );
    const organizationColumns: string[] = orgColumns[0].c;
    const orgSelect = organizationColumns.map((column) => {
      if (column === 'id') return `${orgBase} + k`;
      if (column === 'name') return `'Школа региона №' || (k + 1) || ' (' || s.name || ')'`;
      if (column === 'short_name') return `'Школа №' || (k + 1) || ' региона'`;
      if (column === 'inn')
        return `case when s.inn is null then null else lpad((7700000000 + k)::text, 10, '0') end`;
      return `s.${column}`;
    });
    await query(
      `insert into organizations (${organizationColumns.join(', ')})
       select ${orgSelect.join(', ')} from organizations s, generate_series(1, ${copies}) k where s.id = ${source}`,
    );
    for (const table of tables) {
      // Sessions and sign-in counters are not data to copy.
      if (table.name === 'api_tokens' || table.name === 'login_failures') continue;
      const joins: string[] = [];
      const select = table.columns.map((column) => {
        if (column === 'id') return `s.id + k * ${maxId.get(table.name)}`;
        if (column === 'organization_id') return `${orgBase} + k`;
        if (table.name === 'users' && column === 'login') return `s.login || '.' || k`;
        const target = table.references.get(column);
        if (target && tenant.has(target)) {
          const alias = `j${joins.length}`;
          joins.push(`left join source_${target} ${alias} on ${alias}.id = s.${column}`);
          return `case when ${alias}.id is not null then s.${column} + k * ${maxId.get(target)} else s.${column} end`;
        }
        return `s.${column}`;
      });
      await query(
        `insert into ${table.name} (${table.columns.map((column) => `"${column}"`).join(', ')})
         select ${select.join(', ')}
           from ${table.name} s ${joins.join(' ')} cross join generate_series(1, ${copies}) k
          where s.organization_id = ${source}`,
      );
    }
    await query('commit');

    for (const name of [...tenant, 'organizations']) {
      await query(
        `select setval(pg_get_serial_sequence('${name}', 'id'), greatest(1, (select max(id) from ${name})))`,
      );
    }
    const copyMs = Date.now() - started;

    // The current term's marks, topped up: a mark in `density` of the class lessons × pupils up to today.
    const marksStarted = Date.now();
    for (const name of ['periods', 'lessons', 'students']) await query(`analyze ${name}`);
    if (density > 0) {
      await query(`
        insert into marks (organization_id, school_year, lesson_id, student_id, value, weight, created_by, created_at, updated_at)
        select l.organization_id, school_year_of(l.date), l.id, st.id,
               (2 + abs(hashint8(l.id::bigint * 7919 + st.id)) % 4)::text, 1, l.teacher_id, l.date::timestamptz, l.date::timestamptz
          from periods p
          join lessons l on l.organization_id = p.organization_id and l.date between p.start_date and least(p.end_date, current_date)
          join students st on st.class_id = l.class_id and st.status = 'active'
         where p.name = 'I полугодие' and current_date between p.start_date and p.end_date
           and l.subgroup_id is null
           and abs(hashint8(l.id::bigint * 104729 + st.id)) % 1000 < ${Math.round(density * 1000)}`);
    }
    await query('set session_replication_role = origin');
    for (const index of bulkIndexes) await query(index.definition.replace(' ON ONLY ', ' ON '));
    const marksMs = Date.now() - marksStarted;
    const analyzeStarted = Date.now();
    await query('vacuum analyze');
    const analyzeMs = Date.now() - analyzeStarted;
    const { rows } = await query(`
      select (select count(*) from organizations where parent_id is null and not is_platform)::int as schools,
             (select count(*) from students where status = 'active')::int as pupils,
             (select count(distinct ur.user_id) from user_roles ur join roles r on r.id = ur.role_id
               where r.code = 'teacher')::int as teachers,
             (select count(*) from lessons)::int as lessons,
             (select count(*) from marks)::int as grades,
             (select count(*) from attendance)::int as attendance,
             (select pg_database_size(current_database()) / 1048576)::int as database_mb`);
    return { schools, copy_ms: copyMs, marks_ms: marksMs, analyze_ms: analyzeMs, counts: rows[0] };
  } finally {
    await client.end();
  }
}

/**
 * A kept region (`--region-db`) as it was seeded: the cells earlier runs' cell-save scenario filled
 * through the API taken out again. Those saves land in the region's source school, so without this
 * each reuse gave its journal, diary and reports more marks to read than the fresh one school beside
 * it (journal open ×0.92 on a fresh region, ×2.1 on its third reuse) and left the save fewer empty
 * cells (none by the fourth run). The seed writes no `journal_cells`: every row there is such a save,
 * on a cell that was empty (the scenario picks only those), so its marks and attendance go with it.
 */
export async function restoreRegion(url: string): Promise<{ cells: number }> {
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    await client.query('begin');
    await client.query(
      'delete from marks m using journal_cells c where m.lesson_id = c.lesson_id and m.student_id = c.student_id',
    );
    await client.query(
      'delete from attendance a using journal_cells c where a.lesson_id = c.lesson_id and a.student_id = c.student_id',
    );
    const { rowCount } = await client.query('delete from journal_cells');
    await client.query('commit');
    await client.query('vacuum analyze marks, attendance, journal_cells');
    return { cells: rowCount ?? 0 };
  } finally {
    await client.end();
  }
}
