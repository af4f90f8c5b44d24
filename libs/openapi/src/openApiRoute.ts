import Joi from 'joi';
import { defineRoute } from './routeSpec';
import type { OpenApiDocument } from './openApiDocument';

/**
 * `GET /openapi.json`. The document is built on first request, because it lists every route,
 * this one included, and the list is complete only once the app is assembled.
 */
export function openApiRoute(build: () => OpenApiDocument) {
  let document: OpenApiDocument | undefined;
  return defineRoute({
    method: 'get',
    path: '/openapi.json',
    summary: 'This API described in OpenAPI 3.1',
    tags: ['meta'],
    responses: { 200: { description: 'The OpenAPI 3.1 document', schema: Joi.object().unknown() } },
    // The start of a document: the real one is this very document.
    examples: {
      responses: {
        200: {
          openapi: '3.1.0',
          info: { title: 'datasync API', version: '1' },
          paths: { '/openapi.json': { get: { operationId: 'getOpenapiJson', summary: 'This API described in OpenAPI 3.1' } } },
        },
      },
    },
    handler: () => (document ??= build()),
  });
}
