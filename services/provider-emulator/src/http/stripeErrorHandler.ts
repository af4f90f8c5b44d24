import { randomUUID } from 'node:crypto';
import type { ErrorRequestHandler, RequestHandler } from 'express';
import { toApiError } from '@datasync/errors';
import type { Logger } from '@datasync/logger';
import { OAuthError } from './oauthError';
import { stripeErrors } from './stripeErrors';

/**
 * The emulator's one error handler: Stripe's NESTED body `{"error": {type, message, code?,
 * param?, doc_url?}}` (the SDK recognises nothing else), OAuth's flat body for OAuthError, and a
 * 500 `api_error` without internal text for anything unexpected.
 */
export function stripeErrorHandler(logger: Logger): ErrorRequestHandler {
  return (err, req, res, _next) => {
    if (res.headersSent) {
      logger.error('error after the response started', { err, method: req.method, path: req.path });
      res.destroy();
      return;
    }
    if (err instanceof OAuthError) {
      res.status(err.status).json({ error: err.error, error_description: err.description });
      return;
    }
    const known = toApiError(err);
    if (known) {
      const body: Record<string, string> = { type: known.type, message: known.message };
      if (known.code) {
        body.code = known.code;
        body.doc_url = `https://stripe.com/docs/error-codes/${known.code.replace(/_/g, '-')}`;
      }
      if (known.param) body.param = known.param;
      res.status(known.status).set(known.headers).json({ error: body });
      return;
    }
    const errorId = `err_${randomUUID().replace(/-/g, '')}`;
    logger.error('unhandled error', { err, error_id: errorId, method: req.method, path: req.path });
    res.status(500).json({ error: { type: 'api_error', message: `An unknown error occurred. Quote ${errorId} when reporting it.` } });
  };
}

/** Stripe's 404 for a URL nobody registered. */
export const unrecognizedUrl: RequestHandler = (req, _res, next) => {
  const path = req.path.length > 200 ? `${req.path.slice(0, 200)}…` : req.path;
  next(stripeErrors.unrecognizedUrl(req.method, path));
};
