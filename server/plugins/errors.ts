// Turns every failure into JSON { message, code?, details? } with a fitting status.
import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { ERROR_CODES } from '../../core/api/errors.ts';
import { AppError } from '../errors.ts';

export default fp(
  function errorsPlugin(app: FastifyInstance) {
    app.setErrorHandler((error: FastifyError, request, reply) => {
      if (error instanceof AppError) {
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
      if (status >= 400 && status < 500) {
        // Fastify's own client errors (malformed JSON, payload too large, unsupported media type).
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
