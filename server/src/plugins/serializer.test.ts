import { serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { createAnswerSerializerCompiler, forWriting } from './serializer';

type Write = (data: unknown) => string;
const route = (schema: z.ZodType) => ({ schema, method: 'GET', url: '/api/test', httpStatus: '200' });
const compile = (schema: z.ZodType, checked = false) =>
  createAnswerSerializerCompiler({ checked })(route(schema) as never) as Write;
const zodWrite = (schema: z.ZodType) => zodSerializerCompiler(route(schema) as never) as Write;

const grid = z.object({
  data: z.object({
    id: z.number().int(),
    name: z.string().min(1),
    teacher_id: z.number().int().nullable(),
    kind: z.enum(['quarter', 'year']).nullable(),
    note: z.string().optional(),
    cells: z.array(
      z.object({ lesson_id: z.number().int(), grades: z.array(z.object({ value: z.string() })) }),
    ),
    counts: z.record(z.string(), z.number()),
    status: z.discriminatedUnion('kind', [
      z.object({ kind: z.literal('open'), since: z.string() }),
      z.object({ kind: z.literal('closed') }),
    ]),
  }),
});

const answer = {
  data: {
    id: 7,
    name: 'Журнал «5А» — \u00abматематика\u00bb\n"кавычки"',
    teacher_id: null,
    kind: 'quarter',
    cells: [{ lesson_id: 1, grades: [{ value: '5', secret: 'x' }], extra: true }],
    counts: { '5': 3, '4': 1 },
    status: { kind: 'open', since: '2026-11-05' },
    password_hash: 'never written',
  },
};

describe('the answer writer', () => {
  it('writes what zod’s writer writes: named properties only, nulls and unions kept', () => {
    const written = compile(grid)(answer);
    expect(written).toBe(zodWrite(grid)(answer));
    expect(written).not.toContain('password_hash');
    expect(written).not.toContain('secret');
    expect(JSON.parse(written).data.cells).toEqual([{ lesson_id: 1, grades: [{ value: '5' }] }]);
    // An optional property is written after the required ones: the same values.
    const closed = {
      data: { ...answer.data, kind: null, teacher_id: 3, note: 'н', status: { kind: 'closed' } },
    };
    expect(JSON.parse(compile(grid)(closed))).toEqual(JSON.parse(zodWrite(grid)(closed)));
  });

  it('writes a nullable scalar without choosing a branch, and drops what only validates', () => {
    const json = forWriting(
      z.toJSONSchema(grid, { target: 'draft-7', io: 'output', unrepresentable: 'throw' }),
    ) as { properties: { data: { properties: Record<string, Record<string, unknown>> } } };
    const { teacher_id, kind, name } = json.properties.data.properties;
    expect(teacher_id).toEqual({ type: ['integer', 'null'] });
    expect(kind.type).toEqual(['string', 'null']);
    expect(name).toEqual({ type: 'string' });
  });

  it('keeps zod’s writer where JSON Schema cannot say the answer (a date object)', () => {
    const stamped = z.object({ at: z.date() });
    const at = new Date('2026-12-02T07:00:00Z');
    expect(compile(stamped)({ at })).toBe('{"at":"2026-12-02T07:00:00.000Z"}');
  });

  it('checked: both writers write each answer, and an answer zod refuses is refused', () => {
    const write = compile(grid, true);
    expect(write(answer)).toBe(zodWrite(grid)(answer));
    expect(() => write({ data: { ...answer.data, id: 'семь' } })).toThrow();
  });
});
