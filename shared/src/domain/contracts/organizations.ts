/**
 * Contracts of organizations: options of the caller's tree, settings, registry dictionaries
 * (SPEC §3, §7). The registry itself (requisites, balances) is in ./registry.
 */
import { z } from 'zod';
import { idSchema, uniqueBy } from './common';

/** An organization of the caller's tree (GET /api/organizations/my-and-children). */
export const organizationOptionSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  short_name: z.string(),
  parent_id: z.number().int().nullable(),
});
export type OrganizationOption = z.infer<typeof organizationOptionSchema>;

export const ORGANIZATION_SETTING_LIMITS = {
  max_lessons_per_day: { min: 1, max: 12, label: 'Уроков в день' },
  working_days_per_week: { min: 1, max: 7, label: 'Рабочих дней в неделе' },
  // Notifications (issue 38): how long a teacher may fix a mis-tapped «н» before parents hear of it,
  // the hour of the evening digest, and the night when push and e-mail wait (the app's bell never does).
  absence_correction_minutes: { min: 0, max: 240, label: 'Окно исправления пропуска, минут' },
  digest_hour: { min: 0, max: 23, label: 'Час вечерней сводки' },
  warnings_hour: { min: 0, max: 23, label: 'Час утренней сводки предупреждений' },
  quiet_hours_from: { min: 0, max: 23, label: 'Тихие часы: с (час)' },
  quiet_hours_to: { min: 0, max: 23, label: 'Тихие часы: до (час)' },
  // What a user who has not chosen gets (their «Уведомления» screen overrides it).
  email_by_default: { min: 0, max: 1, label: 'Уведомления на почту по умолчанию' },
  marks_instant_by_default: {
    min: 0,
    max: 1,
    label: 'Оценки сразу, а не вечерней сводкой, по умолчанию',
  },
  max_teacher_lessons_per_week: { min: 1, max: 60, label: 'Уроков учителя в неделю с заменами, не больше' },
  // Внеурочная деятельность (issue 51): the break between a class's last lesson and a course.
  extracurricular_break_minutes: { min: 0, max: 120, label: 'Перерыв перед внеурочным занятием, минут' },
  extracurricular_absence_notices: {
    min: 0,
    max: 1,
    label: 'Сообщать родителям о пропуске внеурочного занятия',
  },
  homework_file_mb: { min: 1, max: 50, label: 'Домашнее задание: наибольший файл, МБ' },
  homework_quota_mb: { min: 1, max: 1_048_576, label: 'Домашнее задание: все файлы школы, МБ' },
} as const;
export type OrganizationSettingName = keyof typeof ORGANIZATION_SETTING_LIMITS;

/** One item of GET /api/organizations/settings; values as strings, as they are stored. */
export const organizationSettingSchema = z.object({
  key: z.string(),
  value: z.string(),
  default: z.string(),
});

export const settingsQuerySchema = z.object({ organization_id: idSchema.optional() });

/** Body of PUT /api/organizations/settings: `[{key, value}]`, values as strings of integers in range. */
export const settingsUpdateSchema = z
  .array(
    z.object({
      key: z.enum(
        Object.keys(ORGANIZATION_SETTING_LIMITS) as [OrganizationSettingName, ...OrganizationSettingName[]],
        {
          error: 'Неизвестная настройка',
        },
      ),
      value: z
        .union([z.string().max(20), z.number()], { error: 'Укажите значение' })
        .transform((value) => String(value).trim()),
    }),
    { error: 'Ожидается список настроек' },
  )
  .min(1, { error: 'Передайте хотя бы одну настройку' })
  .superRefine(uniqueBy((item) => item.key, 'Настройка указана дважды'))
  .superRefine((items, ctx) => {
    items.forEach((item, index) => {
      const limits = ORGANIZATION_SETTING_LIMITS[item.key];
      const parsed = /^\d+$/.test(item.value) ? Number(item.value) : Number.NaN;
      if (!Number.isInteger(parsed) || parsed < limits.min || parsed > limits.max) {
        ctx.addIssue({
          code: 'custom',
          path: [index, 'value'],
          message: `${limits.label}: целое число от ${limits.min} до ${limits.max}`,
        });
      }
    });
  });
export type SettingsUpdate = z.input<typeof settingsUpdateSchema>;

/** An item of the registry dictionaries (types, forms, kinds). */
export const dictionaryItemSchema = z.object({ id: z.number().int(), name: z.string() });
export type DictionaryItem = z.infer<typeof dictionaryItemSchema>;
