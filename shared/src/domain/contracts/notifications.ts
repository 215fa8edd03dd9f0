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

/** Ways a notification reaches a user: the bell always; e-mail and push (Web Push) by choice. */
export const NOTIFICATION_CHANNEL_LABELS = { app: 'В приложении', email: 'Почта', push: 'Push' } as const;

/** A user's e-mail address for notifications, as their settings screen shows it. */
export const notificationEmailSchema = z.object({
  address: z.string(),
  confirmed: z.boolean(),
});

/** GET/PUT /api/notifications/preferences: what the caller hears of, and how. */
export const notificationPreferencesSchema = z.object({
  /** Per category: by e-mail too (the bell gets every category whatever is chosen). */
  email: z.record(z.enum(NOTIFICATION_CATEGORIES), z.boolean()),
  /** Per category: by push to the user's devices (on unless turned off). */
  push: z.record(z.enum(NOTIFICATION_CATEGORIES), z.boolean()),
  /** How many devices (browsers) receive the user's pushes. */
  push_devices: z.number().int(),
  /** Marks at once rather than in the evening digest. */
  marks_instant: z.boolean(),
  /** The address, or null when none was given. */
  address: notificationEmailSchema.nullable(),
  /** The server can send e-mail (SMTP is configured). */
  email_available: z.boolean(),
});
export type NotificationPreferences = z.infer<typeof notificationPreferencesSchema>;

export const notificationPreferencesUpdateSchema = z.object(
  {
    email: z
      .partialRecord(
        z.enum(NOTIFICATION_CATEGORIES, { error: 'Неизвестная категория' }),
        z.boolean({ error: 'Укажите да или нет' }),
      )
      .optional(),
    push: z
      .partialRecord(
        z.enum(NOTIFICATION_CATEGORIES, { error: 'Неизвестная категория' }),
        z.boolean({ error: 'Укажите да или нет' }),
      )
      .optional(),
    marks_instant: z.boolean({ error: 'Укажите да или нет' }).optional(),
  },
  { error: 'Ожидается объект настроек' },
);
export type NotificationPreferencesUpdate = z.input<typeof notificationPreferencesUpdateSchema>;

/** PUT /api/notifications/email: the address to confirm (a letter with a link goes to it). */
export const notificationEmailUpdateSchema = z.object(
  {
    address: z
      .string({ error: 'Укажите адрес почты' })
      .trim()
      .max(254, { error: 'Адрес почты длиннее 254 символов' })
      .pipe(z.email({ error: 'Неверный адрес почты' })),
  },
  { error: 'Ожидается объект с адресом почты' },
);
export type NotificationEmailUpdate = z.input<typeof notificationEmailUpdateSchema>;

/** The token of a confirmation or unsubscribe link. */
export const notificationTokenQuerySchema = z.object({
  token: z.string({ error: 'Ссылка неполная' }).max(300, { error: 'Ссылка неверна' }),
});

/** GET /api/notifications/push/key: the server's public VAPID key (base64url), for `pushManager.subscribe`. */
export const pushKeySchema = z.object({ data: z.object({ public_key: z.string() }) });

/** A base64url string of `bytes` bytes (a key of a push subscription). */
const base64url = (bytes: number, field: string) =>
  z
    .string({ error: `Укажите ${field}` })
    .regex(/^[A-Za-z0-9_-]+=*$/, { error: `${field}: ожидается base64url` })
    .refine((value) => value.replace(/=+$/, '').length === Math.ceil((bytes * 4) / 3), {
      error: `${field}: неверная длина ключа`,
    });

/** The push service's address of a subscription: an https URL (http only where the server allows it). */
export const pushEndpointSchema = z
  .string({ error: 'Укажите адрес подписки' })
  .max(2000, { error: 'Адрес подписки длиннее 2000 символов' })
  .pipe(z.url({ protocol: /^https?$/, error: 'Неверный адрес подписки' }));

/** POST /api/notifications/push/subscriptions: what `PushSubscription.toJSON()` gives (this device). */
export const pushSubscriptionInputSchema = z.object(
  {
    endpoint: pushEndpointSchema,
    keys: z.object(
      { p256dh: base64url(65, 'Ключ p256dh'), auth: base64url(16, 'Ключ auth') },
      { error: 'Укажите ключи подписки' },
    ),
  },
  { error: 'Ожидается объект подписки' },
);
export type PushSubscriptionInput = z.input<typeof pushSubscriptionInputSchema>;

/** DELETE /api/notifications/push/subscriptions: this device's endpoint, no longer to receive. */
export const pushSubscriptionDeleteSchema = z.object(
  { endpoint: pushEndpointSchema },
  { error: 'Ожидается объект с адресом подписки' },
);

export const pushSubscriptionSchema = z.object({
  data: z.object({ id: z.number().int(), endpoint: z.string(), created_at: z.string() }),
});

/**
 * A delivery that finally failed (issue 48): a letter or push refused for good or not taken over
 * all the retries, with its reason in Russian — the school's director sees the list.
 */
export const deliveryFailureSchema = z.object({
  id: z.number().int(),
  channel: z.enum(['email', 'push']),
  /** «Письмо» or «Push». */
  channel_name: z.string(),
  /** The notice's title. */
  title: z.string(),
  reason: z.string(),
  /** ISO instant, UTC. */
  failed_at: z.string(),
  /** Whom it was for: «Фамилия И. О.». */
  recipient: z.string(),
});
export type DeliveryFailure = z.infer<typeof deliveryFailureSchema>;
export const deliveryFailureListSchema = z.array(deliveryFailureSchema);
export type DeliveryFailureList = z.infer<typeof deliveryFailureListSchema>;
