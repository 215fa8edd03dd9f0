import { apiDelete, apiGet, apiPost, apiPut, downloadFile, queryKeys } from '@parta/shared';
import type {
  LessonHomework,
  ReviewInput,
  StoredFile,
  Submission,
} from '@parta/shared/domain/contracts/homework';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

/** GET /api/lessons/{id}/homework/files: the files of a lesson's homework and the deadline. */
export function useLessonHomework(lessonId: number | null) {
  return useQuery({
    queryKey: queryKeys.homework.lesson(lessonId ?? 0),
    queryFn: ({ signal }) => apiGet<LessonHomework>(`/lessons/${lessonId}/homework/files`, { signal }),
    enabled: lessonId !== null,
  });
}

/** GET /api/lessons/{id}/submissions: the pupils' works (the teacher's list). */
export function useLessonSubmissions(lessonId: number | null) {
  return useQuery({
    queryKey: queryKeys.homework.submissions(lessonId ?? 0),
    queryFn: ({ signal }) => apiGet<Submission[]>(`/lessons/${lessonId}/submissions`, { signal }),
    enabled: lessonId !== null,
  });
}

/** A homework change shows in the lesson editor, the grid and the diary: they refetch. */
function useRefresh() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: queryKeys.homework.all }),
      queryClient.invalidateQueries({ queryKey: queryKeys.diary.all }),
      queryClient.invalidateQueries({ queryKey: queryKeys.journal.grids }),
    ]);
}

/** POST /api/lessons/{id}/homework/files, one request per file. */
export function useUploadHomeworkFiles() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: async ({ lessonId, files }: { lessonId: number; files: File[] }) => {
      const saved: StoredFile[] = [];
      for (const file of files) {
        const body = new FormData();
        body.append('file', file, file.name);
        saved.push(await apiPost<StoredFile>(`/lessons/${lessonId}/homework/files`, body));
      }
      return saved;
    },
    onSettled: refresh,
  });
}

/** DELETE /api/homework/files/{id}. */
export function useDeleteHomeworkFile() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (fileId: number) => apiDelete(`/homework/files/${fileId}`),
    onSuccess: refresh,
  });
}

/** PUT /api/lessons/{id}/homework/deadline. */
export function useSetDeadline() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ lessonId, deadline }: { lessonId: number; deadline: string | null }) =>
      apiPut<LessonHomework>(`/lessons/${lessonId}/homework/deadline`, { deadline }),
    onSuccess: refresh,
  });
}

/** POST /api/lessons/{id}/submissions: the pupil's files and comment. */
export function useHandIn() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ lessonId, files, comment }: { lessonId: number; files: File[]; comment: string }) => {
      const body = new FormData();
      for (const file of files) body.append('file', file, file.name);
      if (comment.trim()) body.append('comment', comment);
      return apiPost<Submission>(`/lessons/${lessonId}/submissions`, body);
    },
    onSuccess: refresh,
  });
}

/** PUT /api/lessons/{lessonId}/submissions/{id}: accepted (with a mark) or returned. */
export function useReviewSubmission() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ lessonId, id, input }: { lessonId: number; id: number; input: ReviewInput }) =>
      apiPut<Submission>(`/lessons/${lessonId}/submissions/${id}`, input),
    onSuccess: refresh,
  });
}

/** Opens (saves) a stored file under its Russian name. */
export function openStoredFile(file: StoredFile): Promise<void> {
  return downloadFile(`/files/${file.id}`, {}, file.name);
}

/** «1,2 МБ», «340 КБ». */
export function fileSizeText(size: number): string {
  if (size >= 1024 * 1024) return `${(size / 1024 / 1024).toFixed(1).replace('.', ',')} МБ`;
  return `${Math.max(1, Math.round(size / 1024))} КБ`;
}
