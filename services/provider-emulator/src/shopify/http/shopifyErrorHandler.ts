import type { ErrorRequestHandler } from 'express';
import type { Logger } from '@datasync/logger';
import { ShopifyHttpError } from './shopifyHttpError';

/**
 * Shopify-shaped answers for thrown ShopifyHttpErrors; a body express could not parse is a 400;
 * anything else is a bug of the emulator, logged (never a token: request headers are not logged).
 */
export function shopifyErrorHandler(logger: Logger): ErrorRequestHandler {
  return (error: unknown, req, res, _next) => {
    if (error instanceof ShopifyHttpError) return void res.status(error.status).json(error.body);
    const status = (error as { status?: number }).status;
    if (typeof status === 'number' && status >= 400 && status < 500) return void res.status(status).json({ errors: 'Bad Request' });
    logger.error('shopify emulator error', { path: req.path, error: error instanceof Error ? error.message : String(error) });
    res.status(500).json({ errors: 'Internal Server Error' });
  };
}
