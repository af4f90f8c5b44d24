import { html, type SafeHtml } from './html';

export const LINK_ASSETS = '/link/assets';

/**
 * The page shell: the dashboard's look (link.css), no script at all, and the inviting
 * organization in the top bar so the customer sees who asks before anything else.
 */
export function layout(input: { title: string; organizationName?: string; body: SafeHtml }): string {
  const brand = input.organizationName
    ? html`<span class="brand">${input.organizationName}</span><span class="via">secure connection by datasync</span>`
    : html`<span class="brand">datasync</span>`;
  return html`<!doctype html>
    <html lang="en">
      <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="color-scheme" content="light" />
        <meta name="robots" content="noindex" />
        <title>${input.title}</title>
        <link rel="icon" href="${LINK_ASSETS}/favicon.svg" type="image/svg+xml" />
        <link rel="stylesheet" href="${LINK_ASSETS}/link.css" />
      </head>
      <body>
        <header class="topbar"><div class="topbar-inner">${brand}</div></header>
        <main id="main" class="link-main">${input.body}</main>
      </body>
    </html> `.value;
}
