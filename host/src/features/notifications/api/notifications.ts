import { apiClient, apiDelete, apiGet, apiPost, apiPut, queryKeys } from '@parta/shared';
import type {
  Notification,
  NotificationList,
  NotificationPreferences,
  NotificationPreferencesUpdate,
} from '@parta/shared/domain/contracts/notifications';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

/** How often the bell asks for news: a minute is soon enough for a school day, cheap for the server. */
const POLL_MS = 60_000;

/** GET /api/notifications/unread-count: the bell's number. */
export async function getUnreadCount(signal?: AbortSignal): Promise<number> {
  return (await apiGet<{ unread: number }>('/notifications/unread-count', { signal })).unread;
}

/** GET /api/notifications: the whole answer (`data` and `meta.unread`). */
export async function getNotifications(signal?: AbortSignal): Promise<NotificationList> {
  return (await apiClient.get<NotificationList>('/notifications', { signal })).data;
}

/**
 * The bell's number, asked only once the signed-in user is known and may use the app: while the
 * user loads (or must first change a one-time password) the server answers 403, which the API client
 * turns into the «Доступ запрещён» page.
 */
export function useUnreadCount(enabled: boolean) {
  return useQuery({
    queryKey: queryKeys.notifications.unreadCount,
    queryFn: ({ signal }) => getUnreadCount(signal),
    enabled,
    refetchInterval: enabled ? POLL_MS : false,
    retry: false,
  });
}

export function useNotifications(enabled: boolean) {
  return useQuery({
    queryKey: queryKeys.notifications.list,
    queryFn: ({ signal }) => getNotifications(signal),
    enabled,
    refetchInterval: enabled ? POLL_MS : false,
  });
}

export function useMarkRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiPost<Notification>(`/notifications/${id}/read`),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.notifications.all }),
  });
}

export function useMarkAllRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiPost<{ unread: number }>('/notifications/read-all'),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.notifications.all }),
  });
}

export function useNotificationPreferences() {
  return useQuery({
    queryKey: queryKeys.notifications.preferences,
    queryFn: ({ signal }) => apiGet<NotificationPreferences>('/notifications/preferences', { signal }),
  });
}

/** A change of the preferences or of the address: the screen shows the server's answer at once. */
function usePreferencesMutation<Input>(send: (input: Input) => Promise<NotificationPreferences>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: (data) => queryClient.setQueryData(queryKeys.notifications.preferences, data),
  });
}

export const useUpdatePreferences = () =>
  usePreferencesMutation((update: NotificationPreferencesUpdate) =>
    apiPut<NotificationPreferences>('/notifications/preferences', update),
  );

export const useSetEmail = () =>
  usePreferencesMutation((address: string) =>
    apiPut<NotificationPreferences>('/notifications/email', { address }),
  );

export const useRemoveEmail = () =>
  usePreferencesMutation(() => apiDelete<NotificationPreferences>('/notifications/email'));
