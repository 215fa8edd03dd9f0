import { apiPost, queryKeys } from '@parta/shared';
import { type StudentImportResult, XLSX_MIME } from '@parta/shared/domain/contracts/people';
import { useMutation, useQueryClient } from '@tanstack/react-query';

/**
 * POST /api/students/import with the .xlsx file as the body. A dry run only checks the rows;
 * the commit saves the rows without problems and skips the others.
 */
export async function importStudents(file: Blob, dryRun: boolean): Promise<StudentImportResult> {
  return apiPost<StudentImportResult>('/students/import', file, {
    params: { dry_run: dryRun },
    headers: { 'Content-Type': XLSX_MIME },
  });
}

/** Checks or imports a workbook; a real import refetches the student lists and classes. */
export function useImportStudents() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ file, dryRun }: { file: Blob; dryRun: boolean }) => importStudents(file, dryRun),
    onSuccess: (result) =>
      result.dry_run
        ? undefined
        : Promise.all([
            queryClient.invalidateQueries({ queryKey: queryKeys.students.lists }),
            queryClient.invalidateQueries({ queryKey: queryKeys.groups.all }),
          ]),
  });
}
