import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';

/** An error a service throws on purpose: the status and Russian message go to the client as they are. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly errors?: Record<string, string[]>,
  ) {
    super(message);
  }
}

export const notFound = (message = 'Не найдено') => new HttpError(404, message);
export const forbidden = (message = 'Недостаточно прав') => new HttpError(403, message);
export const conflict = (message: string) => new HttpError(409, message);
/** 422 with field messages, the same shape schema validation answers. */
export const unprocessable = (message: string, errors?: Record<string, string[]>) =>
  new HttpError(422, message, errors);

export const VALIDATION_MESSAGE = 'Проверьте введённые данные';

const CLIENT_ERROR_MESSAGES: Record<number, string> = {
  400: 'Некорректный запрос',
  401: 'Требуется вход в систему',
  403: 'Недостаточно прав',
  404: 'Не найдено',
  405: 'Метод не поддерживается',
  406: 'Формат ответа не поддерживается',
  409: 'Конфликт данных',
  413: 'Слишком большой запрос',
  415: 'Неподдерживаемый тип содержимого',
  429: 'Слишком много запросов, повторите позже',
};

const FASTIFY_CODE_MESSAGES: Record<string, string> = {
  FST_ERR_CTP_INVALID_JSON_BODY: 'Некорректный JSON в теле запроса',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'Пустое тело запроса при типе application/json',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'Неподдерживаемый тип содержимого',
  FST_ERR_CTP_BODY_TOO_LARGE: 'Слишком большой запрос',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'Некорректная длина тела запроса',
};

/**
 * SQLSTATE of a database error, looking through the wrappers (Drizzle puts the driver's error in
 * `cause`); both PostgreSQL drivers and PGlite carry it as `code`.
 */
export function databaseErrorCode(error: unknown): string | undefined {
  for (let current = error, depth = 0; current && depth < 5; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

/**
 * Constraint violations that reach the handler are races the services' own checks could not see
 * (two people saving the same login at once): the client gets 409 and can retry, not a 500.
 */
const DATABASE_CONFLICTS: Record<string, string> = {
  '23505': 'Такая запись уже есть: данные изменились, обновите страницу и повторите',
  '23503': 'Запись связана с другими данными: обновите страницу и повторите',
};
const DATABASE_CONFLICT_DEFAULT =
  'Данные не сохранены: они противоречат уже сохранённым. Обновите страницу и повторите';

/**
 * The backstop behind the contracts: a value the database itself refuses (SQLSTATE class 22: out of
 * range, invalid text, NUL byte …; 54: too long for an index) is the client's input, answered 422.
 */
const DATABASE_DATA_ERROR = 'Проверьте введённые данные: недопустимое значение';

/** 409 for constraint violations (class 23), 422 for data errors (22, 54), undefined for anything else. */
function databaseErrorAnswer(error: unknown): { status: 409 | 422; message: string } | undefined {
  const code = databaseErrorCode(error);
  if (!code) return undefined;
  if (code.startsWith('23'))
    return { status: 409, message: DATABASE_CONFLICTS[code] ?? DATABASE_CONFLICT_DEFAULT };
  if (code.startsWith('22') || code.startsWith('54')) return { status: 422, message: DATABASE_DATA_ERROR };
  return undefined;
}

function fieldName(instancePath: string, context: string | undefined): string {
  const path = instancePath.replace(/^\//, '').split('/').filter(Boolean).join('.');
  return path || context || 'body';
}

/**
 * One error handler for the whole API: validation → 422 with Russian field messages, known client
 * errors → their status with a Russian message, anything else → 500 logged with the request id.
 */
async function errorsPlugin(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError | HttpError, request, reply) => {
    if (error instanceof HttpError) {
      return reply
        .status(error.statusCode)
        .send(error.errors ? { message: error.message, errors: error.errors } : { message: error.message });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      // A path id that is not a valid id names no record: not found, like an id that does not exist.
      if (error.validationContext === 'params') return reply.status(404).send({ message: 'Не найдено' });
      const errors: Record<string, string[]> = {};
      for (const issue of error.validation) {
        const field = fieldName(issue.instancePath, error.validationContext);
        const message = issue.message ?? 'Неверное значение';
        errors[field] ??= [];
        if (!errors[field].includes(message)) errors[field].push(message);
      }
      return reply.status(422).send({ message: VALIDATION_MESSAGE, errors });
    }
    if (isResponseSerializationError(error)) {
      request.log.error(
        { err: error, reqId: request.id, issues: error.cause.issues },
        'response does not match its schema',
      );
      return reply.status(500).send({ message: 'Внутренняя ошибка сервера' });
    }
    const database = databaseErrorAnswer(error);
    if (database) {
      request.log.warn({ err: error, reqId: request.id }, 'database refused the input');
      return reply.status(database.status).send({ message: database.message });
    }
    const status = typeof error.statusCode === 'number' ? error.statusCode : 500;
    if (status >= 400 && status < 500) {
      const message =
        (error.code && FASTIFY_CODE_MESSAGES[error.code]) ||
        (status === 429 && error.message) ||
        CLIENT_ERROR_MESSAGES[status] ||
        'Некорректный запрос';
      return reply.status(status).send({ message });
    }
    request.log.error({ err: error, reqId: request.id }, 'unhandled error');
    return reply.status(500).send({ message: 'Внутренняя ошибка сервера' });
  });
}

/** 404 `{message: 'Не найдено'}`: the /api scope always uses it; the root too when no front end is served. */
export function notFoundHandler(_request: FastifyRequest, reply: FastifyReply) {
  return reply.status(404).send({ message: 'Не найдено' });
}

export const errorHandlerPlugin = fp(errorsPlugin, { name: 'parta-errors' });
