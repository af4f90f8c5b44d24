import { randomUUID } from 'node:crypto';
import type { ErrorRequestHandler, RequestHandler } from 'express';
import type { Logger } from '@datasync/logger';
import {
  ApiError,
  InvalidRequestError,
  NotFoundError,
  PayloadTooLargeError,
  ServiceUnavailableError,
  UnsupportedMediaTypeError,
} from './apiErrors';

interface BodyParserError {
  type?: string;
  status?: number;
  limit?: number;
}

// Errors that mean "the database or queue cannot be reached", as pg, knex and ioredis raise them.
const UNAVAILABLE_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'ENOTFOUND', 'EAI_AGAIN', '57P01', '57P03', '53300']);

function isUnavailable(err: unknown): boolean {
  if (!err || typeof err !== 'object') return false;
  const e = err as { code?: string; message?: string; name?: string };
  if (e.code && UNAVAILABLE_CODES.has(e.code)) return true;
  if (e.name === 'KnexTimeoutError') return true;
  return /Connection terminated|timeout exceeded when trying to connect|connect ECONNREFUSED/i.test(e.message ?? '');
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
    case 'request.aborted':
    case 'request.size.invalid':
    case 'stream.encoding.set':
      return new InvalidRequestError('The request body could not be read.', { code: 'invalid_body' });
  }
  if (err instanceof URIError) return new InvalidRequestError('The request path is not valid UTF-8.', { code: 'invalid_path' });
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
      if (known.status >= 500) logger.warn('request failed', { err, method: req.method, path: req.path, status: known.status });
      res.status(known.status).set(known.headers).json(known.toBody());
      return;
    }
    const errorId = `err_${randomUUID().replace(/-/g, '')}`;
    logger.error('unhandled error', { err, error_id: errorId, method: req.method, path: req.path });
    res.status(500).json({ type: 'api_error', message: 'An internal error occurred. Quote error_id when reporting it.', error_id: errorId });
  };
}

/** 404 JSON for any route nobody registered. */
export const notFoundHandler: RequestHandler = (req, _res, next) => {
  const path = req.path.length > 200 ? `${req.path.slice(0, 200)}…` : req.path;
  next(new NotFoundError(`No such route: ${req.method} ${path}.`));
};
