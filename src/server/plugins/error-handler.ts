import type { FastifyError, FastifyInstance } from 'fastify';
import { AppError, RequestValidationError } from '../errors';

type ErrorBody = { error: { code: string; message: string; fields?: Record<string, string>; requestId?: string } };

/** Client mistakes Fastify itself detects (bad JSON, body too large, wrong media type). */
/** A 4xx from Fastify or a plugin: not every one carries a code, whatever `FastifyError` declares. */
type ClientError = Omit<FastifyError, 'code'> & { statusCode: number; code?: string };

function isClientFastifyError(error: unknown): error is ClientError {
  const candidate = error as Partial<FastifyError>;
  return typeof candidate.statusCode === 'number' && candidate.statusCode >= 400 && candidate.statusCode < 500;
}

/**
 * One error shape for every answer; 5xx answers say nothing about the cause (the log does) but
 * name the request, so that a customer's complaint finds its log lines (they carry the same id,
 * as does the `X-Request-Id` header of every answer).
 */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error, request, reply) => {
    if (error instanceof RequestValidationError) {
      const body: ErrorBody = { error: { code: 'invalid_input', message: error.message, fields: error.fields } };
      return reply.status(400).send(body);
    }
    if (error instanceof AppError) {
      if (error.headers) void reply.headers(error.headers);
      const body: ErrorBody = { error: { code: error.code, message: error.message } };
      if (error.fields) body.error.fields = error.fields;
      return reply.status(error.statusCode).send(body);
    }
    if (isClientFastifyError(error)) {
      const code = (error.code ?? 'bad_request').toLowerCase();
      return reply.status(error.statusCode).send({ error: { code, message: readableClientError(error) } } satisfies ErrorBody);
    }
    request.log.error({ err: error }, 'request failed');
    return reply.status(500).send({ error: { code: 'internal_error', message: 'Something went wrong on our side. Please try again.', requestId: request.id } } satisfies ErrorBody);
  });
}

/** Used when no web app is served (API tests): every unknown path is a JSON 404. */
export function registerJsonNotFound(app: FastifyInstance): void {
  app.setNotFoundHandler((request, reply) => {
    const body: ErrorBody = { error: { code: 'not_found', message: `No route ${request.method} ${request.url.split('?')[0]}` } };
    return reply.status(404).send(body);
  });
}

function readableClientError(error: ClientError): string {
  switch (error.code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return 'The request body is not valid JSON';
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return 'The request body is too large';
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return 'This content type is not accepted here';
    default:
      return error.message;
  }
}
