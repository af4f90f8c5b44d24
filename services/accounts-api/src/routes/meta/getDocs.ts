import { randomBytes } from 'node:crypto';
import { defineRoute, type OpenApiDocument } from '@datasync/openapi';
import { renderDocs } from '../../docs/renderDocs';

/** `GET /docs`: the API reference for people, from the same document as /openapi.json. */
export function getDocs(document: () => OpenApiDocument) {
  return defineRoute({
    method: 'get',
    path: '/docs',
    summary: 'This API described for people (HTML)',
    tags: ['meta'],
    responses: { 200: { description: 'An HTML page' } },
    handler: (_input, _req, res) => {
      const nonce = randomBytes(16).toString('base64');
      res
        .status(200)
        .set(
          'Content-Security-Policy',
          `default-src 'none'; style-src 'nonce-${nonce}'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'`,
        )
        .set('X-Content-Type-Options', 'nosniff')
        .type('html')
        .send(renderDocs(document(), nonce));
      return undefined;
    },
  });
}
