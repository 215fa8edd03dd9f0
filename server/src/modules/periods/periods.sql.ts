import type { Period } from '@parta/shared/domain/contracts/timetable';
import { sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { closedYears, periods } from '../../db/schema';

/*
 * SQL pieces of the periods module that other modules' repositories compose into their own
 * statements (a module's `<area>.sql.ts` runs nothing itself; its repository stays private).
 */

/**
 * The periods of the organization in `organizationColumn`, as a JSON array in the same row (ordered
 * like `findPeriods`), for statements that need them alongside something else; with
 * `academicYearColumn`, only that academic year's (a class's journal: its own year's terms, not
 * the next year's after «Новый учебный год»).
 */
export function periodsOfOrganizationJson(organizationColumn: AnyPgColumn, academicYearColumn?: AnyPgColumn) {
  const ofYear = academicYearColumn ? sql` and ${periods.academicYear} = ${academicYearColumn}` : sql``;
  return sql<Period[]>`coalesce((
    select json_agg(json_build_object(
             'id', ${periods.id}, 'organization_id', ${periods.organizationId}, 'academic_year', ${periods.academicYear},
             'name', ${periods.name}, 'kind', ${periods.kind}, 'start_date', ${periods.startDate},
             'end_date', ${periods.endDate}, 'grades', ${periods.grades}, 'closed', ${periods.closed},
             -- year-change's yearClosedSql (a .sql piece composes only in repositories)
             'year_closed', exists (select 1 from ${closedYears} cy
               where cy.organization_id = ${periods.organizationId} and cy.academic_year = ${periods.academicYear}))
           order by ${periods.startDate}, ${periods.kind}, ${periods.id})
      from ${periods} where ${periods.organizationId} = ${organizationColumn}${ofYear}), '[]'::json)`;
}
