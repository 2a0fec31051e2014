import { IMAGE_MESSAGES, SKU_MESSAGES } from '@habi/shared';
import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import {
  driverError,
  isDatabaseUnavailable,
  isOutOfSpace,
  isShortOfResources,
  loggable,
} from '../lib/db-errors.ts';
import { fieldErrors, HttpError } from '../lib/errors.ts';

const UNKNOWN = 'An unknown error occurred';
const UNAVAILABLE = 'The store is briefly unavailable. Please try again in a moment.';
const CANNOT_SAVE = 'The store cannot save changes right now. Please try again in a few minutes.';
/** Seconds: room on a full disk is made by someone, in minutes rather than moments. */
const CANNOT_SAVE_RETRY = '60';

/** Fastify and plugin error codes that are the client's fault, with the status and words to use. */
const CLIENT_ERRORS: Record<string, [number, string]> = {
  FST_ERR_CTP_INVALID_MEDIA_TYPE: [415, 'Unsupported content type'],
  FST_ERR_CTP_BODY_TOO_LARGE: [413, 'Request body is too large'],
  FST_ERR_CTP_EMPTY_JSON_BODY: [400, 'Request body is empty'],
  FST_ERR_CTP_INVALID_JSON_BODY: [400, 'Request body is not valid JSON'],
  FST_REQ_FILE_TOO_LARGE: [413, IMAGE_MESSAGES.tooLarge],
  FST_FILES_LIMIT: [413, 'Too many files'],
  FST_PARTS_LIMIT: [413, 'Too many form fields'],
  FST_FIELDS_LIMIT: [413, 'Too many form fields'],
  FST_INVALID_MULTIPART_CONTENT_TYPE: [415, 'Expected a multipart form'],
  FST_ERR_VALIDATION: [400, 'Invalid request'],
};

/**
 * A unique index refusing a row that a check passed a moment earlier (two requests racing for
 * the same email or username): the same 409 the check gives.
 */
const UNIQUE_CONFLICTS: Record<string, [string, string]> = {
  customers_email_key: ['email', 'This email is already registered'],
  admins_username_key: ['username', 'This username is already taken'],
  discount_codes_code_key: ['code', 'This code already exists'],
  product_stock_sku_key: ['sku', SKU_MESSAGES.taken],
};
export function uniqueConflict(error: unknown): HttpError | undefined {
  const { code, constraint } = driverError(error);
  if (code !== '23505') return undefined;
  const [field, message] = UNIQUE_CONFLICTS[constraint ?? ''] ?? ['_', 'This already exists'];
  return new HttpError(409, message, { [field]: message });
}

/**
 * What two requests racing for the same rows can meet in the database (a row deleted by one
 * while the other refers to it; a serialization failure or deadlock): a conflict the client
 * can resolve by trying again, never a 500.
 */
const RACE_CONFLICTS: Record<string, string> = {
  '23503': 'Something this refers to was just removed. Please reload and try again.',
  '40001': 'This was changed at the same moment. Please try again.',
  '40P01': 'This was changed at the same moment. Please try again.',
};

function errorsPlugin(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const conflictError = uniqueConflict(error);
    if (conflictError)
      return reply.status(409).send({ message: conflictError.message, errors: conflictError.errors });
    if (error instanceof HttpError) {
      const { message, errors, available } = error;
      return reply.status(error.statusCode).send({ message, errors, available });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const errors = fieldErrors(
        error.validation.map((v) => ({
          path: v.instancePath.split('/').filter(Boolean),
          message: v.message ?? 'Invalid value',
        })),
      );
      const [field, message] = Object.entries(errors)[0] ?? ['_', 'Invalid request'];
      const where = error.validationContext === 'body' ? '' : ` (${error.validationContext})`;
      return reply
        .status(400)
        .send({ message: field === '_' ? message : `${field}: ${message}${where}`, errors });
    }
    const known = error.code ? CLIENT_ERRORS[error.code] : undefined;
    if (known) return reply.status(known[0]).send({ message: known[1] });
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      return reply.status(error.statusCode).send({ message: error.message });
    }
    if (isOutOfSpace(error)) {
      // Logged by the lifecycle's `saving` (first, then a line a minute, then when it clears),
      // not here once per request; readiness turns 503 meanwhile.
      app.lifecycle.saving.refused(error, { reqId: request.id });
      return reply.status(503).header('retry-after', CANNOT_SAVE_RETRY).send({ message: CANNOT_SAVE });
    }
    const conflictMessage = RACE_CONFLICTS[driverError(error).code ?? ''];
    if (conflictMessage) {
      request.log.info({ db: loggable(error) }, 'write conflict');
      return reply.status(409).send({ message: conflictMessage });
    }
    if (isDatabaseUnavailable(error) || isShortOfResources(error)) {
      request.log.warn({ db: loggable(error) ?? { message: error.message } }, 'database unavailable');
      return reply.status(503).header('retry-after', '5').send({ message: UNAVAILABLE });
    }
    const db = loggable(error);
    request.log.error(db ? { db } : { err: error }, 'request failed');
    return reply.status(500).send({ message: UNKNOWN });
  });
}

export default fp(errorsPlugin, { name: 'errors' });
