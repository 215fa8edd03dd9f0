import { z } from 'zod';
import { idSchema } from './common';

/** Fields the timetable's contracts share (contracts/timetable.ts and contracts/timetable-templates.ts). */

/** `2026/2027`. */
export const academicYearSchema = z
  .string({ error: 'Укажите учебный год' })
  .trim()
  .regex(/^\d{4}\/\d{4}$/, { error: 'Учебный год в формате 2026/2027' })
  .refine((value) => Number(value.slice(5)) === Number(value.slice(0, 4)) + 1, {
    error: 'Второй год должен следовать за первым',
  });

/** Which organization of the caller's tree a new record belongs to (default: the caller's own). */
export const organizationField = { organization_id: idSchema.optional() };
