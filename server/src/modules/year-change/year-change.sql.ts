import { type SQL, sql } from 'drizzle-orm';
import { closedYears } from '../../db/schema';

/** The school's academic year is closed («Новый учебный год» has run): its journals are read-only for good. */
export function yearClosedSql(organizationId: SQL, academicYear: SQL): SQL {
  return sql`exists (select 1 from ${closedYears} cy
    where cy.organization_id = ${organizationId} and cy.academic_year = ${academicYear})`;
}
