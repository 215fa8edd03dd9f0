import type { Period } from '@parta/shared/domain/contracts/timetable';
import { sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { periods } from '../../db/schema';

/*
 * SQL pieces of the periods module that other modules' repositories compose into their own
 * statements (a module's `<area>.sql.ts` runs nothing itself; its repository stays private).
 */

/**
 * The periods of the organization in `organizationColumn`, as a JSON array in the same row (ordered
 * like `findPeriods`), for statements that need them alongside something else.
 */
export function periodsOfOrganizationJson(organizationColumn: AnyPgColumn) {
  return sql<Period[]>`coalesce((
    select json_agg(json_build_object(
             'id', ${periods.id}, 'organization_id', ${periods.organizationId}, 'academic_year', ${periods.academicYear},
             'name', ${periods.name}, 'kind', ${periods.kind}, 'start_date', ${periods.startDate},
             'end_date', ${periods.endDate}, 'grades', ${periods.grades}, 'closed', ${periods.closed})
           order by ${periods.startDate}, ${periods.kind}, ${periods.id})
      from ${periods} where ${periods.organizationId} = ${organizationColumn}), '[]'::json)`;
}
