/**
 * Imports (issue 50): a school's data moved in from a file. POST /api/imports reads the file and
 * answers its preview (what each name maps to, the counts, what cannot be carried); POST
 * /api/imports/{id}/apply writes it in the background, in one transaction.
 */
import { z } from 'zod';

export const IMPORT_KINDS = ['fet', 'asc', 'xlsx-staff', 'xlsx-classes', 'xlsx-load'] as const;
export type ImportKind = (typeof IMPORT_KINDS)[number];
/** Kinds this server reads today; the others answer 422 with a Russian reason. */
export const READ_IMPORT_KINDS: readonly ImportKind[] = ['fet'];

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

/** One name of the file and the record it goes to: an existing one (exact match) or a new one. */
export const importMappingSchema = z.object({
  entity: z.enum(IMPORT_ENTITIES),
  source: z.string(),
  target: z.string(),
  target_id: z.number().int().nullable(),
  match: z.enum(['exact', 'new']),
});
export type ImportMapping = z.infer<typeof importMappingSchema>;

export const importPreviewSchema = z.object({
  file_name: z.string(),
  academic_year: z.string(),
  days: z.number().int(),
  lessons_per_day: z.number().int(),
  counts: z.record(z.enum(IMPORT_ENTITIES), countsSchema),
  mappings: z.array(importMappingSchema),
  hours_by_class: z.array(z.object({ name: z.string(), hours: z.number() })),
  hours_by_teacher: z.array(z.object({ name: z.string(), hours: z.number() })),
  /** What the file holds that Parta does not carry: each by name, with how many. */
  unsupported: z.array(z.object({ name: z.string(), count: z.number().int() })),
  /** New staff need `users.edit` to be created. */
  creates_staff: z.boolean(),
});
export type ImportPreview = z.infer<typeof importPreviewSchema>;

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
