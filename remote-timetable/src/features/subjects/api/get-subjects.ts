import { apiClient, queryKeys } from '@parta/shared';
import type { Subject } from '@parta/shared/domain/contracts/timetable';
import { useQuery } from '@tanstack/react-query';

/** GET /api/subject: the body is the list (SPEC §7). */
export async function getSubjects(organizationId?: number, signal?: AbortSignal): Promise<Subject[]> {
  const response = await apiClient.get<Subject[]>('/subject', {
    params: organizationId ? { organization_id: organizationId } : {},
    signal,
  });
  return response.data;
}

/** Subjects of one organization (waits until it is known). */
export function useSubjects(organizationId: number | undefined) {
  return useQuery({
    queryKey: queryKeys.subjects.list(organizationId),
    queryFn: ({ signal }) => getSubjects(organizationId, signal),
    enabled: organizationId !== undefined,
  });
}
