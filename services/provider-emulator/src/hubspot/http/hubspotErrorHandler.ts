import { randomUUID } from 'node:crypto';
import type { ErrorRequestHandler, RequestHandler } from 'express';
import type { Logger } from '@datasync/logger';
import { HubspotError, hubspotErrors } from './hubspotErrors';

/**
 * HubSpot's error answers for everything under its paths: HubspotError as it is, a body that
 * is not JSON as a 400, anything unexpected as a 500 without internal text (logged).
 */
export function hubspotErrorHandler(logger: Logger): ErrorRequestHandler {
  return (err, req, res, _next) => {
    if (res.headersSent) {
      logger.error('error after the response started', { err, method: req.method, path: req.path });
      res.destroy();
      return;
    }
    if (err instanceof HubspotError) {
      res.status(err.status).set(err.headers).json(err.body);
      return;
    }
    const status = (err as { status?: unknown }).status;
    if (typeof status === 'number' && status >= 400 && status < 500) {
      const invalid = hubspotErrors.validation('Invalid input JSON on line 1: the body could not be read as JSON.');
      res.status(status === 413 ? 413 : 400).json(invalid.body);
      return;
    }
    const correlationId = randomUUID();
    logger.error('unhandled error', { err, correlation_id: correlationId, method: req.method, path: req.path });
    res.status(500).json({ status: 'error', message: 'internal error', correlationId, category: 'INTERNAL_ERROR' });
  };
}

export const hubspotNotFound: RequestHandler = (req, _res, next) => {
  next(hubspotErrors.notFound(req.path.length > 200 ? `${req.path.slice(0, 200)}…` : req.path));
};
