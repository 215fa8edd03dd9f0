import { apiGet, compactParams, queryKeys } from '@parta/shared';
import type { Lesson } from '@parta/shared/domain/contracts/timetable';
import { useQuery } from '@tanstack/react-query';

export interface LessonsQuery {
  group_id?: number | null;
  teacher_id?: number | null;
  from: string;
  to: string;
}

/** GET /api/lessons: a class's or a teacher's dated lessons. */
export async function getLessons(query: LessonsQuery, signal?: AbortSignal): Promise<Lesson[]> {
  return apiGet<Lesson[]>('/lessons', {
    params: compactParams({ ...query }),
    signal,
  });
}

export function useLessons(query: LessonsQuery) {
  const params = compactParams({ ...query });
  return useQuery({
    queryKey: queryKeys.lessons.list(params),
    queryFn: ({ signal }) => getLessons(query, signal),
    enabled: Boolean(query.group_id || query.teacher_id),
  });
}
