import type { RequestHandler } from 'express';
import { LINK_FAVICON, LINK_STYLESHEET } from '../linkStylesheet';

// The same for every visitor and every link: cacheable for a while, unlike the pages.
const CACHE = 'public, max-age=300';

export const getLinkStylesheet: RequestHandler = (_req, res) => {
  res.setHeader('Cache-Control', CACHE);
  res.type('text/css').send(LINK_STYLESHEET);
};

export const getLinkFavicon: RequestHandler = (_req, res) => {
  res.setHeader('Cache-Control', CACHE);
  res.type('image/svg+xml').send(LINK_FAVICON);
};
