/** What other features read of the school's periods: its каникулы and days off. */
export { useHolidays } from './api/get-holidays';
