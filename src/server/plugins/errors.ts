// One error handler: every failure leaves as { message, code, issues? } with the right status.
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import type { ApiErrorBody, ApiErrorCode, ApiIssue } from '../../shared/api-error';
import { databaseUnavailableCause } from '../lib/db-errors';
import { HttpError } from '../lib/errors';
import type { AppInstance } from '../types';

const CODE_BY_STATUS: Record<number, ApiErrorCode> = {
  400: 'BAD_REQUEST',
  401: 'UNAUTHENTICATED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  409: 'CONFLICT',
  413: 'PAYLOAD_TOO_LARGE',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  422: 'VALIDATION_FAILED',
  429: 'TOO_MANY_REQUESTS',
  503: 'SERVICE_UNAVAILABLE',
};

/** Seconds a client is asked to wait before trying again when the database cannot be reached. */
export const DATABASE_RETRY_AFTER_SECONDS = 5;

const FRIENDLY: Record<string, string> = {
  FST_ERR_CTP_INVALID_JSON_BODY: 'The request body is not valid JSON',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'The request body is empty',
  FST_ERR_CTP_BODY_TOO_LARGE: 'The request body is too large',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'Send the request body as JSON (Content-Type: application/json)',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'The request body does not match its Content-Length',
};

function send(reply: FastifyReply, status: number, body: ApiErrorBody) {
  return reply.code(status).type('application/json; charset=utf-8').send(body);
}

function zodIssues(error: FastifyError): ApiIssue[] {
  return (error.validation ?? []).map((v) => {
    const params = v.params as { issue?: { path?: PropertyKey[]; message?: string } } | undefined;
    const path = params?.issue?.path?.map(String).join('.') ?? v.instancePath.replace(/^\//, '').replace(/\//g, '.');
    return { path, message: params?.issue?.message ?? v.message ?? 'Invalid value' };
  });
}

export function registerErrorHandling(app: AppInstance): void {
  app.setErrorHandler((error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    if (error instanceof HttpError) {
      return send(reply, error.status, {
        message: error.message,
        code: error.code,
        ...(error.issues ? { issues: error.issues } : {}),
        ...error.details,
      });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const issues = zodIssues(error);
      if (error.validationContext === 'body') {
        return send(reply, 422, { message: issues[0]?.message ?? 'Invalid input', code: 'VALIDATION_FAILED', issues });
      }
      return send(reply, 400, { message: issues[0]?.message ?? 'Bad request', code: 'BAD_REQUEST', issues });
    }
    if (isResponseSerializationError(error)) {
      request.log.error({ err: error, issues: error.cause.issues }, 'reply did not match its schema');
      return send(reply, 500, { message: 'Internal server error', code: 'INTERNAL_ERROR' });
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      const code = CODE_BY_STATUS[status] ?? 'BAD_REQUEST';
      const message = (error.code && FRIENDLY[error.code]) || error.message || 'Bad request';
      return send(reply, status, { message, code });
    }
    // Only for failures of our own (a client's broken upload is a 4xx above, whatever its socket code).
    const unavailable = databaseUnavailableCause(error);
    if (unavailable) {
      // The driver's own error only: a wrapping query error would write the statement's parameters to the log.
      const code = (unavailable as { code?: unknown }).code;
      request.log.warn({ reqId: request.id, cause: { message: unavailable.message, code } }, 'database unavailable');
      reply.header('retry-after', String(DATABASE_RETRY_AFTER_SECONDS));
      return send(reply, 503, {
        message: 'The database cannot be reached right now. Please try again in a few seconds.',
        code: 'DATABASE_UNAVAILABLE',
      });
    }
    request.log.error({ err: error, reqId: request.id }, 'request failed');
    return send(reply, 500, {
      message: `Internal server error (request ${request.id})`,
      code: 'INTERNAL_ERROR',
    });
  });

  app.setNotFoundHandler((request, reply) => {
    return send(reply, 404, {
      message: `No route for ${request.method} ${request.url.split('?')[0]}`,
      code: 'NOT_FOUND',
    });
  });
}
