import { apiGet, apiPut, getErrorMessage, getErrorStatus, notify, queryKeys } from '@parta/shared';
import type {
  AttendanceCell,
  AttendanceInput,
  CourseJournal,
  CourseSession,
} from '@parta/shared/domain/contracts/extracurricular';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { AxiosError } from 'axios';

/** GET /api/extracurricular/courses/{id}/journal: sessions × pupils with presence and topics. */
export function getCourseJournal(courseId: number, signal?: AbortSignal): Promise<CourseJournal> {
  return apiGet<CourseJournal>(`/extracurricular/courses/${courseId}/journal`, { signal });
}

export function useCourseJournal(courseId: number) {
  return useQuery({
    queryKey: queryKeys.extracurricular.journal(courseId),
    queryFn: ({ signal }) => getCourseJournal(courseId, signal),
    enabled: Number.isFinite(courseId),
  });
}

export interface AttendanceSave {
  sessionId: number;
  studentId: number;
  input: AttendanceInput;
}

function withCell(journal: CourseJournal, cell: AttendanceCell): CourseJournal {
  const others = journal.cells.filter(
    (item) => item.session_id !== cell.session_id || item.student_id !== cell.student_id,
  );
  return { ...journal, cells: [...others, cell] };
}

/**
 * One pupil's presence at one session, shown at once; a save another writer overtook (409) shows the
 * value saved now and says so, as the class journal does; any other refusal puts the old value back.
 */
export function useSaveAttendance(courseId: number) {
  const queryClient = useQueryClient();
  const key = queryKeys.extracurricular.journal(courseId);
  return useMutation({
    mutationFn: ({ sessionId, studentId, input }: AttendanceSave) =>
      apiPut<AttendanceCell>(`/extracurricular/sessions/${sessionId}/students/${studentId}`, input),
    onMutate: async ({ sessionId, studentId, input }) => {
      await queryClient.cancelQueries({ queryKey: key });
      const before = queryClient.getQueryData<CourseJournal>(key);
      if (before)
        queryClient.setQueryData<CourseJournal>(
          key,
          withCell(before, {
            session_id: sessionId,
            student_id: studentId,
            present: input.present,
            excused: input.excused ?? false,
            passed: input.passed ?? null,
            version: (input.version ?? 0) + 1,
          }),
        );
      return { before };
    },
    onSuccess: (cell) => {
      const current = queryClient.getQueryData<CourseJournal>(key);
      if (current) queryClient.setQueryData<CourseJournal>(key, withCell(current, cell));
    },
    onError: (error, _save, context) => {
      if (getErrorStatus(error) === 409 && error instanceof AxiosError) {
        const saved = (error.response?.data as { data?: AttendanceCell | null } | undefined)?.data;
        const current = queryClient.getQueryData<CourseJournal>(key);
        if (saved && current) queryClient.setQueryData<CourseJournal>(key, withCell(current, saved));
        notify.info(getErrorMessage(error), 'Отметка не сохранена');
        return;
      }
      if (context?.before) queryClient.setQueryData(key, context.before);
      notify.error(getErrorMessage(error), 'Отметка не сохранена');
    },
  });
}

/** PUT /api/extracurricular/sessions/{id}: the session's topic. */
export function useSaveSessionTopic(courseId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ sessionId, topic }: { sessionId: number; topic: string }) =>
      apiPut<CourseSession>(`/extracurricular/sessions/${sessionId}`, { topic }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.extracurricular.journal(courseId) }),
  });
}
