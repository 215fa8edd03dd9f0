/**
 * Imports (issue 50): a school's data moved in from a file. POST /api/imports reads the file and
 * answers its preview (what each name maps to, the counts, what cannot be carried); POST
 * /api/imports/{id}/apply writes it in the background, in one transaction.
 */
import { z } from 'zod';

export const IMPORT_KINDS = ['fet', 'asc', 'xlsx-staff', 'xlsx-classes', 'xlsx-load'] as const;
export type ImportKind = (typeof IMPORT_KINDS)[number];
/** How each kind is named to the user. */
export const IMPORT_KIND_NAMES: Record<ImportKind, string> = {
  fet: 'Файл FET (.fet)',
  asc: 'Файл aSc Timetables (.xml)',
  'xlsx-staff': 'Реестр сотрудников (.xlsx)',
  'xlsx-classes': 'Реестр классов (.xlsx)',
  'xlsx-load': 'Реестр нагрузки (.xlsx)',
};
/** The registers whose template workbook GET /api/imports/templates/{kind} answers. */
export const REGISTER_KINDS = ['xlsx-staff', 'xlsx-classes', 'xlsx-load'] as const;
export const importTemplateParamsSchema = z.object({
  kind: z.enum(REGISTER_KINDS, { error: 'Неизвестный реестр' }),
});

export const IMPORT_STATUSES = ['preview', 'applying', 'done', 'failed'] as const;
export type ImportStatus = (typeof IMPORT_STATUSES)[number];

/** The query of POST /api/imports: the kind, detected from the file when absent. */
export const importCreateQuerySchema = z.object({
  kind: z.enum(IMPORT_KINDS, { error: 'Неизвестный вид файла' }).optional(),
});

export const IMPORT_ENTITIES = [
  'teachers',
  'subjects',
  'classes',
  'subgroups',
  'rooms',
  'loads',
  'unavailable',
  'slots',
] as const;
export type ImportEntity = (typeof IMPORT_ENTITIES)[number];

const countsSchema = z.object({ total: z.number().int(), new: z.number().int(), existing: z.number().int() });

/**
 * One name of the file and the record it goes to: an existing one (an exact or a close match, or
 * the user's choice) or a new one (none matched, or the user chose «новый»).
 */
export const importMappingSchema = z.object({
  entity: z.enum(IMPORT_ENTITIES),
  source: z.string(),
  target: z.string(),
  target_id: z.number().int().nullable(),
  match: z.enum(['exact', 'close', 'chosen', 'new']),
});
export type ImportMapping = z.infer<typeof importMappingSchema>;

export const importPreviewSchema = z.object({
  file_name: z.string(),
  academic_year: z.string(),
  /** The file's week (null: a register, which says nothing of it). */
  days: z.number().int().nullable(),
  lessons_per_day: z.number().int().nullable(),
  counts: z.record(z.enum(IMPORT_ENTITIES), countsSchema),
  mappings: z.array(importMappingSchema),
  /** A class's weekly lessons (subgroups of a subject once), its СанПиН maximum and the warning. */
  // The defaults read previews kept before these fields were counted.
  hours_by_class: z.array(
    z.object({
      name: z.string(),
      hours: z.number(),
      max: z.number().default(0),
      warning: z.string().nullable().default(null),
    }),
  ),
  /** A teacher's weekly hours and in ставки (TEACHER_RATE_HOURS). */
  hours_by_teacher: z.array(z.object({ name: z.string(), hours: z.number(), rates: z.number().default(0) })),
  /** The school's records a name may be mapped to instead, per mappable entity. */
  choices: z.record(z.string(), z.array(z.object({ id: z.number().int(), name: z.string() }))).default({}),
  /** What the file holds that Parta does not carry: each by name, with how many. */
  unsupported: z.array(z.object({ name: z.string(), count: z.number().int() })),
  /** New staff need `users.edit` to be created. */
  creates_staff: z.boolean(),
});
export type ImportPreview = z.infer<typeof importPreviewSchema>;

/**
 * The body of POST /api/imports/{id}/apply: the user's mapping changes, per entity a source name to
 * an existing record's id, or null for «новый».
 */
export const importApplyBodySchema = z
  .object({
    mapping: z
      .object({
        teachers: z.record(z.string(), z.number().int().positive().nullable()),
        subjects: z.record(z.string(), z.number().int().positive().nullable()),
        classes: z.record(z.string(), z.number().int().positive().nullable()),
        rooms: z.record(z.string(), z.number().int().positive().nullable()),
      })
      .partial()
      .strict()
      .optional(),
  })
  .strict();
export type ImportApplyBody = z.infer<typeof importApplyBodySchema>;

/** What an apply created and updated, per kind. */
export const importResultSchema = z.object({
  created: z.record(z.string(), z.number().int()),
  updated: z.record(z.string(), z.number().int()),
});
export type ImportResult = z.infer<typeof importResultSchema>;

export const importSchema = z.object({
  id: z.number().int(),
  kind: z.enum(IMPORT_KINDS),
  status: z.enum(IMPORT_STATUSES),
  file_name: z.string(),
  created_at: z.string(),
  done: z.number().int(),
  total: z.number().int(),
  error: z.string().nullable(),
  preview: importPreviewSchema,
  result: importResultSchema.nullable(),
});
export type Import = z.infer<typeof importSchema>;

export const importListItemSchema = importSchema.omit({ preview: true });
export type ImportListItem = z.infer<typeof importListItemSchema>;
