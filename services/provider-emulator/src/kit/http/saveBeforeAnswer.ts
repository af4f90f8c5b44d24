import type { RequestHandler } from 'express';

/**
 * Runs `save` just before the answer to any request that may change state (every method but GET,
 * HEAD and OPTIONS) starts: handlers change state synchronously, then answer, so whatever the
 * client was told happened is on disk before the client hears it.
 */
export function saveBeforeAnswer(save: () => void): RequestHandler {
  return (req, res, next) => {
    if (req.method === 'GET' || req.method === 'HEAD' || req.method === 'OPTIONS') return next();
    const writeHead = res.writeHead;
    res.writeHead = function writeHeadAfterSave(this: typeof res, ...args: unknown[]) {
      save();
      return (writeHead as (...a: unknown[]) => typeof res).apply(this, args);
    } as typeof res.writeHead;
    next();
  };
}
