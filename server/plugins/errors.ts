// Turns every failure into JSON { message, code?, details? } with a fitting status.
import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { ERROR_CODES } from '../../core/api/errors.ts';
import { AppError } from '../errors.ts';

/**
 * Fastify's own refusals of a body it cannot take (its FST_ERR_CTP_* codes), answered with the API's codes and
 * statuses as every other error (the published contract lists them: server/plugins/openapi-operations.ts).
 */
export const FRAMEWORK_REFUSALS: Readonly<Record<string, { status: number; code: string; message: string }>> =
  {
    FST_ERR_CTP_INVALID_JSON_BODY: {
      status: 400,
      code: ERROR_CODES.malformedBody,
      message: 'The body is not valid JSON.',
    },
    FST_ERR_CTP_EMPTY_JSON_BODY: {
      status: 400,
      code: ERROR_CODES.malformedBody,
      message: 'The body is empty, but its Content-Type says JSON.',
    },
    FST_ERR_CTP_INVALID_CONTENT_LENGTH: {
      status: 400,
      code: ERROR_CODES.malformedBody,
      message: 'The body does not have the size its Content-Length says.',
    },
    FST_ERR_CTP_BODY_TOO_LARGE: {
      status: 413,
      code: ERROR_CODES.bodyTooLarge,
      message: 'The body is larger than this address takes.',
    },
    FST_ERR_CTP_INVALID_MEDIA_TYPE: {
      status: 415,
      code: ERROR_CODES.unsupportedMediaType,
      message: "The body's Content-Type is not one this address takes.",
    },
  };

export default fp(
  function errorsPlugin(app: FastifyInstance) {
    app.setErrorHandler((error: FastifyError, request, reply) => {
      if (error instanceof AppError) {
        if (error.headers) void reply.headers(error.headers);
        return reply
          .status(error.statusCode)
          .send({ message: error.message, code: error.code, details: error.details });
      }
      if (hasZodFastifySchemaValidationErrors(error)) {
        const details = error.validation.map((issue) => ({
          path: issue.instancePath.replace(/^\//, '').replaceAll('/', '.'),
          message: issue.message,
        }));
        return reply.status(400).send({
          message: details[0]?.message ?? 'The request is not valid.',
          code: ERROR_CODES.validation,
          details,
        });
      }
      if (isResponseSerializationError(error)) {
        request.log.error({ err: error }, 'response did not match its schema');
        return reply
          .status(500)
          .send({ message: 'Something went wrong on the server.', code: ERROR_CODES.internal });
      }
      const status = error.statusCode ?? 500;
      if (status === 429) {
        return reply.status(429).send({
          message: 'Too many attempts. Please wait a minute and try again.',
          code: ERROR_CODES.rateLimited,
        });
      }
      const refused = FRAMEWORK_REFUSALS[error.code];
      if (refused) {
        // A body too large says how large one may be.
        const maxBytes = refused.status === 413 ? request.routeOptions.bodyLimit : undefined;
        return reply.status(refused.status).send({
          message: refused.message,
          code: refused.code,
          ...(maxBytes ? { details: { maxBytes } } : {}),
        });
      }
      if (status >= 400 && status < 500) {
        // Other client errors a plugin raised itself.
        return reply.status(status).send({ message: error.message, code: error.code });
      }
      request.log.error({ err: error }, 'unhandled error');
      return reply
        .status(500)
        .send({ message: 'Something went wrong on the server.', code: ERROR_CODES.internal });
    });
  },
  { name: 'errors' },
);
