import { randomUUID } from 'node:crypto';
import type { ErrorRequestHandler, RequestHandler } from 'express';
import type { Logger } from '@datasync/logger';
import {
  ApiError,
  InvalidRequestError,
  NotFoundError,
  PayloadTooLargeError,
  RATE_LIMITER,
  RateLimitError,
  ServiceUnavailableError,
  UnsupportedMediaTypeError,
} from './apiErrors';

interface BodyParserError {
  type?: string;
  status?: number;
  limit?: number;
  /** http-errors sets it on 4xx errors: their status is the client's doing. */
  expose?: boolean;
}

// Postgres refusing a value the request carried: a NUL character (22021), text that is not of the
// column's type (22P02), text longer than the column (22001). Validation should catch these first;
// this keeps a value it let through a 400 instead of a 500.
const UNSTORABLE_VALUE_CODES = new Set(['22021', '22P02', '22001']);

// Errors that mean "the database or queue cannot be reached", as pg, knex and ioredis raise them.
const UNAVAILABLE_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'ENOTFOUND', 'EAI_AGAIN', '57P01', '57P03', '53300']);

// What ioredis raises on a connection that is not ready (a producer connection has no offline
// queue, so a command sent while it connects or reconnects fails at once), and the queue's own
// "Redis not reachable in time".
const UNAVAILABLE_NAMES = new Set(['KnexTimeoutError', 'QueueUnavailableError', 'MaxRetriesPerRequestError']);
const UNAVAILABLE_MESSAGE =
  /Connection terminated|timeout exceeded when trying to connect|connect ECONNREFUSED|Stream isn't writeable|Connection is closed|Command timed out/i;

function isUnavailable(err: unknown): boolean {
  if (!err || typeof err !== 'object') return false;
  const e = err as { code?: string; message?: string; name?: string };
  if (e.code && UNAVAILABLE_CODES.has(e.code)) return true;
  if (e.name && UNAVAILABLE_NAMES.has(e.name)) return true;
  return UNAVAILABLE_MESSAGE.test(e.message ?? '');
}

/** Turns what body-parser, the database driver or our own code threw into a public ApiError. */
export function toApiError(err: unknown): ApiError | undefined {
  if (err instanceof ApiError) return err;
  const parser = err as BodyParserError;
  switch (parser?.type) {
    case 'entity.parse.failed':
      return new InvalidRequestError('The request body is not valid JSON.', { code: 'invalid_json' });
    case 'entity.too.large':
      return new PayloadTooLargeError(`${parser.limit ?? 'the limit'} bytes`);
    case 'encoding.unsupported':
    case 'charset.unsupported':
      return new UnsupportedMediaTypeError();
    case 'parameters.too.many':
    case 'querystring.parse.rangeError':
      return new ApiError(413, 'invalid_request_error', 'The request body has too many fields.', { code: 'too_many_fields' });
    case 'request.aborted':
    case 'request.size.invalid':
    case 'stream.encoding.set':
      return new InvalidRequestError('The request body could not be read.', { code: 'invalid_body' });
  }
  // Any other client error body-parser raises (a body that does not decompress, say).
  if (parser?.expose === true && typeof parser.status === 'number' && parser.status >= 400 && parser.status < 500) {
    return new ApiError(parser.status, 'invalid_request_error', 'The request body could not be read.', { code: 'invalid_body' });
  }
  if (err instanceof URIError) return new InvalidRequestError('The request path is not valid UTF-8.', { code: 'invalid_path' });
  if (UNSTORABLE_VALUE_CODES.has((err as { code?: string })?.code ?? '')) {
    return new InvalidRequestError(
      'A value in the request cannot be stored: it holds a character such as NUL, or is not of the expected form or length.',
      {
        code: 'invalid_value',
      },
    );
  }
  if (isUnavailable(err)) return new ServiceUnavailableError();
  return undefined;
}

/**
 * The one error handler. Known errors answer with their own status and body; anything else is
 * logged in full under an error_id and answered with a 500 that says nothing internal.
 */
export function errorMiddleware(logger: Logger): ErrorRequestHandler {
  return (err, req, res, _next) => {
    const known = toApiError(err);
    if (res.headersSent) {
      logger.error('error after the response started', { err, method: req.method, path: req.path });
      res.destroy();
      return;
    }
    if (known) {
      if (known instanceof RateLimitError) res.locals[RATE_LIMITER] = known.limiter;
      if (known.status >= 500) logger.warn('request failed', { err, method: req.method, path: req.path, status: known.status });
      res.status(known.status).set(known.headers).json(known.toBody());
      return;
    }
    const errorId = `err_${randomUUID().replace(/-/g, '')}`;
    logger.error('unhandled error', { err, error_id: errorId, method: req.method, path: req.path });
    res
      .status(500)
      .json({ type: 'api_error', message: 'An internal error occurred. Quote error_id when reporting it.', error_id: errorId });
  };
}

/** 404 JSON for any route nobody registered. */
export const notFoundHandler: RequestHandler = (req, _res, next) => {
  const path = req.path.length > 200 ? `${req.path.slice(0, 200)}…` : req.path;
  next(new NotFoundError(`No such route: ${req.method} ${path}.`));
};
