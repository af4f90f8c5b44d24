import { buildOpenApiDocument, type AnyRouteSpec, type OpenApiDocument } from '@datasync/openapi';
import { authSecuritySchemes } from '@datasync/auth';
import { IDEMPOTENCY_HEADER, isIdempotent } from '../edge/idempotent';

const IDEMPOTENCY_PARAMETER = {
  name: IDEMPOTENCY_HEADER,
  in: 'header',
  required: false,
  description:
    'Makes a retry safe: the same key with the same request within IDEMPOTENCY_TTL_HOURS (24 h by default) answers what the first answered (Idempotent-Replayed: true); with another request, a 400; while the first still runs, a 409. Scoped to the environment.',
  schema: { type: 'string', minLength: 1, maxLength: 255 },
};

/** The accounts API's OpenAPI 3.1 document, from the route specs that serve it. */
export function buildApiDocument(routes: AnyRouteSpec[]): OpenApiDocument {
  const document = buildOpenApiDocument({
    title: 'datasync Accounts API',
    version: '1',
    description:
      'Register third-party provider accounts so their data is loaded into your destinations. Authenticate every call with HTTP ' +
      "Basic auth: your environment's CLIENT_ID and CLIENT_SECRET. Errors are JSON: {type, message, code?, param?, errors?}.",
    servers: [{ url: '/' }],
    securitySchemes: { basicAuth: authSecuritySchemes.basicAuth },
    routes,
  });
  // Headers are not part of the route specs' joi schemas: list this one where idempotent() serves it.
  for (const route of routes.filter(isIdempotent)) {
    const operation = document.paths[route.path]?.[route.method] as { parameters?: unknown[] } | undefined;
    if (operation) operation.parameters = [...(operation.parameters ?? []), IDEMPOTENCY_PARAMETER];
  }
  return document;
}
