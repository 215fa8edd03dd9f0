import type { FastifyInstance } from 'fastify';

/**
 * Reads the API's own OpenAPI document and builds requests from it, so the route-walking tests cover
 * every route, including ones added later, without being edited.
 */

export interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  enum?: unknown[];
  const?: unknown;
  format?: string;
  pattern?: string;
  minimum?: number;
  exclusiveMinimum?: number | boolean;
  maximum?: number;
  minLength?: number;
  minItems?: number;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  nullable?: boolean;
  default?: unknown;
}

export interface Operation {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** OpenAPI path, e.g. `/api/group/{id}`. */
  path: string;
  permission: string | undefined;
  pathParams: { name: string; schema: JsonSchema }[];
  queryParams: { name: string; schema: JsonSchema; required: boolean }[];
  body: JsonSchema | undefined;
  /** A multipart/form-data body's fields (a file is `format: binary`, or an array of them). */
  form: JsonSchema | undefined;
}

interface OpenApiDocument {
  paths: Record<
    string,
    Record<
      string,
      {
        'x-permission'?: string;
        parameters?: { in: string; name: string; required?: boolean; schema: JsonSchema }[];
        requestBody?: { content?: Record<string, { schema: JsonSchema }> };
      }
    >
  >;
}

/** Every operation of /api/docs/json. */
export async function readOperations(app: FastifyInstance): Promise<Operation[]> {
  const document = (await app.inject({ url: '/api/docs/json' })).json() as OpenApiDocument;
  const operations: Operation[] = [];
  for (const [path, methods] of Object.entries(document.paths)) {
    for (const [method, operation] of Object.entries(methods)) {
      const parameters = operation.parameters ?? [];
      operations.push({
        method: method.toUpperCase() as Operation['method'],
        path,
        permission: operation['x-permission'],
        pathParams: parameters
          .filter((p) => p.in === 'path')
          .map((p) => ({ name: p.name, schema: p.schema })),
        queryParams: parameters
          .filter((p) => p.in === 'query')
          .map((p) => ({ name: p.name, schema: p.schema, required: Boolean(p.required) })),
        body: operation.requestBody?.content?.['application/json']?.schema,
        form: operation.requestBody?.content?.['multipart/form-data']?.schema,
      });
    }
  }
  return operations;
}

/** Strings tried, in order, where a schema has a pattern: the first that matches is used. */
const PATTERN_CANDIDATES = ['Тест', 'walk.test', 'А', '2026/2027', '08:30', '5', 'a', '1'];

/** A plausible valid value for a schema, so a request gets past the fields not under test. */
export function sampleValue(schema: JsonSchema | undefined): unknown {
  if (!schema) return 'Тест';
  if (schema.default !== undefined) return schema.default;
  if (schema.const !== undefined) return schema.const;
  if (schema.enum?.length) return schema.enum[0];
  const variants = schema.anyOf ?? schema.oneOf;
  if (variants?.length) {
    const concrete = variants.find((variant) => variant.type !== 'null') ?? variants[0];
    return sampleValue(concrete);
  }
  if (schema.allOf?.length) return sampleValue(schema.allOf[0]);
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type;
  switch (type) {
    case 'integer':
    case 'number': {
      const minimum = typeof schema.minimum === 'number' ? schema.minimum : 1;
      return Math.max(1, minimum);
    }
    case 'boolean':
      return true;
    case 'array': {
      const count = schema.minItems ?? 0;
      return Array.from({ length: count }, () => sampleValue(schema.items));
    }
    case 'object': {
      const value: Record<string, unknown> = {};
      for (const [name, property] of Object.entries(schema.properties ?? {})) {
        value[name] = sampleValue(property);
      }
      return value;
    }
    default:
      return sampleString(schema);
  }
}

function sampleString(schema: JsonSchema): string {
  if (schema.format === 'date') return '2026-10-05';
  if (schema.format === 'date-time') return '2026-10-05T08:30:00.000Z';
  if (schema.format === 'email') return 'walk@example.com';
  if (schema.pattern) {
    const pattern = new RegExp(schema.pattern, 'u');
    const match = PATTERN_CANDIDATES.find((candidate) => pattern.test(candidate));
    if (match) return match;
  }
  const base = 'Тест';
  return schema.minLength && schema.minLength > base.length ? base.padEnd(schema.minLength, 'т') : base;
}

/** Values that have broken servers: overflow, NUL, wrong types, injection payloads, huge text. */
export const HOSTILE_VALUES: unknown[] = [
  '\u0000',
  'Иван\u0000ов',
  2_147_483_648,
  '2147483648',
  2 ** 53 + 1,
  '9007199254740993',
  1e308,
  '1e308',
  -1,
  '-1',
  0,
  1.5,
  'NaN',
  '١٢٣',
  'x'.repeat(20_000),
  true,
  null,
  {},
  [],
  { $gt: '' },
  ["'; drop table users; --"],
  "1' OR '1'='1",
  "'; drop table users; --",
  '<script>alert(1)</script>',
  '../../etc/passwd',
  '%',
  '\\',
  '\ud800',
];

/** The text of a hostile value as it goes into a path segment or a query string. */
export function asUrlText(value: unknown): string {
  if (typeof value === 'string') return value.length > 2_000 ? value.slice(0, 2_000) : value;
  return JSON.stringify(value) ?? 'undefined';
}

/** `/api/group/{id}` with the given values, URL-encoded. */
export function fillPath(path: string, values: Record<string, string>): string {
  return path.replace(/\{(\w+)\}/g, (_, name: string) => encodeSegment(values[name] ?? '1'));
}

/** encodeURIComponent, but a lone surrogate goes out as the invalid UTF-8 bytes a hostile client would send. */
function encodeSegment(value: string): string {
  try {
    return encodeURIComponent(value);
  } catch {
    return '%ED%A0%80';
  }
}

/** What an answer must never show: stack frames, SQL, driver messages. */
export const LEAK_PATTERN =
  /\bat [\w.<>]+ \(|node_modules|\.ts:\d+|\bselect\b.+\bfrom\b|\binsert into\b|\bupdate\b.+\bset\b|syntax error|violates|invalid input syntax|out of range for type|pglite|drizzle/i;

const BOUNDARY = '----parta-walk';

/** A multipart/form-data body from parts (a file: `[field, fileName, bytes]`, a text field: `[field, value]`). */
export function multipartBody(parts: ([string, string, Buffer] | [string, string])[]) {
  const chunks = parts.flatMap((part) => [
    Buffer.from(
      `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${part[0]}"${part.length === 3 ? `; filename="${part[1]}"` : ''}\r\n\r\n`,
    ),
    part.length === 3 ? part[2] : Buffer.from(part[1]),
    Buffer.from('\r\n'),
  ]);
  return {
    payload: Buffer.concat([...chunks, Buffer.from(`--${BOUNDARY}--\r\n`)]),
    contentType: `multipart/form-data; boundary=${BOUNDARY}`,
  };
}

/** Hostile files a form is sent: empty, a program, markup, NUL and path tricks in the name, junk. */
export const HOSTILE_FILES: [string, Buffer][] = [
  ['empty.png', Buffer.alloc(0)],
  ['setup.exe', Buffer.concat([Buffer.from('MZ'), Buffer.alloc(64)])],
  ['page.html', Buffer.from('<html><script>alert(1)</script></html>')],
  ['../../etc/passwd', Buffer.from('root:x:0:0')],
  ['имя\u0000.png', Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])],
  ['x'.repeat(5000), Buffer.from('текст')],
  ['junk.bin', Buffer.from([0x00, 0xff, 0xfe, 0x00, 0x01])],
  ['zip.docx', Buffer.from([0x50, 0x4b, 0x03, 0x04, 0x00, 0x00])],
];
