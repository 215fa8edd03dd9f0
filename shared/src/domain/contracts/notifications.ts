/**
 * Contracts of notifications (issue 38): what a user is told by the school, in the app's bell.
 * A notification belongs to one user; the list answers only the caller's own.
 */
import { z } from 'zod';

/** What a notification is about; preferences and channels are chosen per category. */
export const NOTIFICATION_CATEGORIES = [
  'absence',
  'marks',
  'final_marks',
  'homework',
  'timetable',
  'warnings',
] as const;
export type NotificationCategory = (typeof NOTIFICATION_CATEGORIES)[number];

export const NOTIFICATION_CATEGORY_LABELS: Record<NotificationCategory, string> = {
  absence: 'Пропуски',
  marks: 'Оценки',
  final_marks: 'Итоговые оценки',
  homework: 'Домашние задания',
  timetable: 'Изменения расписания',
  warnings: 'Предупреждения',
};

export const notificationSchema = z.object({
  id: z.number().int(),
  category: z.enum(NOTIFICATION_CATEGORIES),
  title: z.string(),
  body: z.string(),
  /** A path in the app (the diary day, a journal), or null. */
  link: z.string().nullable(),
  created_at: z.string(),
  /** When it was last changed (a later absence of the same day updates it). */
  updated_at: z.string(),
  read_at: z.string().nullable(),
});
export type Notification = z.infer<typeof notificationSchema>;

export const notificationListSchema = z.object({
  data: z.array(notificationSchema),
  meta: z.object({ unread: z.number().int() }),
});
export type NotificationList = z.infer<typeof notificationListSchema>;

export const unreadCountSchema = z.object({ data: z.object({ unread: z.number().int() }) });

export const notificationListQuerySchema = z.object({
  limit: z.coerce
    .number({ error: 'Укажите число' })
    .int({ error: 'Укажите целое число' })
    .min(1, { error: 'Не меньше 1' })
    .max(100, { error: 'Не больше 100' })
    .default(50),
});
