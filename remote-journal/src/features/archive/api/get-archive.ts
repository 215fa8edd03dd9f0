import { apiGet, queryKeys, useRun } from '@parta/shared';
import type { ArchiveRegister } from '@parta/shared/domain/contracts/archive';

/** While a build is under way the register is asked again this often (progress bar, new files). */
const BUILD_POLL_MS = 2000;

/** GET /api/archive: the period's latest build and the register of its files. */
export async function getArchive(periodId: number, signal?: AbortSignal) {
  return apiGet<ArchiveRegister>('/archive', { params: { period_id: periodId }, signal });
}

/** The register of the chosen period, polled while its build is queued or running. */
export function useArchive(periodId: number | undefined) {
  return useRun({
    queryKey: queryKeys.archive.register(periodId),
    queryFn: ({ signal }) => getArchive(periodId as number, signal),
    enabled: periodId !== undefined,
    statusOf: (register) => register.build?.status,
    pollMs: BUILD_POLL_MS,
  });
}
