import { apiClient, compactParams, useRequest } from '@parta/shared';
import type { Lesson } from '@parta/shared/domain/contracts/timetable';

export interface LessonsQuery {
  group_id?: number | null;
  teacher_id?: number | null;
  from: string;
  to: string;
}

/** GET /api/lessons: a class's or a teacher's dated lessons. */
export async function getLessons(query: LessonsQuery): Promise<Lesson[]> {
  const response = await apiClient.get<{ data: Lesson[] }>('/lessons', {
    params: compactParams({ ...query }),
  });
  return response.data.data;
}

export function useLessons(query: LessonsQuery) {
  const enabled = Boolean(query.group_id || query.teacher_id);
  return useRequest(
    () => getLessons(query),
    [query.group_id, query.teacher_id, query.from, query.to],
    enabled,
  );
}
