import { useQuery } from '@tanstack/react-query';
import { apiGet } from '../api/requests';
import type { Course } from '../domain/contracts/extracurricular';
import { queryKeys } from './query-keys';

/** GET /api/extracurricular/courses: the courses of внеурочная деятельность the caller reads. */
export function getCourses(signal?: AbortSignal): Promise<Course[]> {
  return apiGet<Course[]>('/extracurricular/courses', { signal });
}

/** The courses: their own screens (remote-journal) and the timetable's week beside the lessons (remote-timetable). */
export function useCourses(enabled = true) {
  return useQuery({
    queryKey: queryKeys.extracurricular.courses,
    queryFn: ({ signal }) => getCourses(signal),
    enabled,
  });
}
