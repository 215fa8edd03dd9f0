// Reads more than one app makes: one fetcher and hook per call, one cache key each.
export { getCourses, useCourses } from './get-courses';
export { getGroup, useGroup } from './get-group';
export { getGroups, useGroups } from './get-groups';
export { getLoads, type LoadFilter, useLoads } from './get-loads';
export {
  type ClassOfLine,
  getOrganizationOptions,
  useClassLabels,
  useOrganizationOptions,
} from './get-organization-options';
export { getPeriods, usePeriods } from './get-periods';
export { getSubgroups, useSubgroups } from './get-subgroups';
export { queryKeys } from './query-keys';
export { isRunUnderway, RUN_POLL_MS, type RunQueryOptions, useRun } from './use-run';
