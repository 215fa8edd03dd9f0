export { type MonthHours, useMonthHours } from './api/substitutions';
