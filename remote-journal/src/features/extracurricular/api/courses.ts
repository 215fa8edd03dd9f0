import { apiDelete, apiGet, apiPost, apiPut, queryKeys } from '@parta/shared';
import type {
  Course,
  CourseInput,
  Directions,
  ScheduleInput,
} from '@parta/shared/domain/contracts/extracurricular';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

/** GET /api/extracurricular/directions: the school's list of directions. */
export function getDirections(signal?: AbortSignal): Promise<Directions> {
  return apiGet<Directions>('/extracurricular/directions', { signal });
}

export function useDirections() {
  return useQuery({
    queryKey: queryKeys.extracurricular.directions,
    queryFn: ({ signal }) => getDirections(signal),
  });
}

/** POST a new course or PUT a known one. */
export function saveCourse({ id, course }: { id?: number; course: CourseInput }): Promise<Course> {
  return id
    ? apiPut<Course>(`/extracurricular/courses/${id}`, course)
    : apiPost<Course>('/extracurricular/courses', course);
}

export function useSaveCourse() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveCourse,
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.extracurricular.all }),
  });
}

/** PUT the weekly schedule: the sessions are laid from it (a colliding slot is refused, 422). */
export function useSaveSchedule() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, schedule }: { id: number; schedule: ScheduleInput }) =>
      apiPut<Course>(`/extracurricular/courses/${id}/schedule`, schedule),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.extracurricular.all }),
  });
}

export function useDeleteCourse() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiDelete(`/extracurricular/courses/${id}`),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.extracurricular.all }),
  });
}
