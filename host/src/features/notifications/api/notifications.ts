import { apiClient, apiGet, apiPost, queryKeys } from '@parta/shared';
import type { Notification, NotificationList } from '@parta/shared/domain/contracts/notifications';
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
