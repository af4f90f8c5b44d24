import type { RequestHandler } from 'express';

// bull-board's page links Google's web fonts; its stylesheet already falls back to the system
// font (system-ui) without them.
const REMOTE_STYLESHEET = /<link\b[^>]*\bhref="https?:\/\/[^"]*"[^>]*\brel="stylesheet"[^>]*>\s*/gi;

/** bull-board's HTML without the stylesheets it links from other origins. */
export function withoutRemoteStylesheets(html: string): string {
  return html.replace(REMOTE_STYLESHEET, '');
}

/**
 * The queue dashboard's page asks nothing of another origin: the stylesheets bull-board's page
 * links elsewhere (its web fonts) are taken out as it renders, so the page neither leaks its
 * visits to a font host nor trips the CSP (opsHeaders.ts) with a console error; the system font
 * is used. Wraps `res.render`, which bull-board answers its page with.
 */
export function noRemoteFonts(): RequestHandler {
  return (_req, res, next) => {
    const render = res.render.bind(res);
    res.render = ((view: string, options?: object) =>
      render(view, options ?? {}, (err: Error | null, html?: string) => {
        if (err) return next(err);
        res.send(withoutRemoteStylesheets(html ?? ''));
      })) as typeof res.render;
    next();
  };
}
