import { STATUS_CODES } from 'node:http';
import type Joi from 'joi';
import { errorBodySchema } from './errorSchema';
import { assertExampleMatches } from './exampleMatches';
import { isRequired, joiToJsonSchema, type JsonSchema, type SchemaComponents } from './joiToJsonSchema';
import { isJoiSchema, type AnyRouteSpec, type ResponseSpec } from './routeSpec';

export interface OpenApiOptions {
  title: string;
  version: string;
  description?: string;
  /** Where the routes are mounted, e.g. `[{ url: '/api/v1' }]`; paths in the document are relative to it. */
  servers: { url: string; description?: string }[];
  securitySchemes?: Record<string, JsonSchema>;
  routes: AnyRouteSpec[];
}

export interface OpenApiOperation {
  operationId: string;
  summary: string;
  description?: string;
  tags?: string[];
  security?: Record<string, string[]>[];
  parameters?: { name: string; in: 'path' | 'query'; required: boolean; description?: string; schema: JsonSchema }[];
  requestBody?: { required: boolean; content: JsonContent };
  responses: Record<string, { description: string; content?: JsonContent }>;
}

/** A JSON body's schema and, where the route gives one, an example of it. */
export type JsonContent = { 'application/json': { schema: JsonSchema; example?: unknown } };

export interface OpenApiDocument {
  openapi: '3.1.0';
  info: { title: string; version: string; description?: string };
  servers: { url: string; description?: string }[];
  paths: Record<string, Record<string, OpenApiOperation>>;
  components: { schemas: SchemaComponents; securitySchemes: Record<string, JsonSchema> };
}

const ERROR_REF = { $ref: '#/components/schemas/Error' };

function operationIdFor(spec: AnyRouteSpec): string {
  const words = spec.path
    .split('/')
    .filter(Boolean)
    .map((segment) => segment.replace(/[{}]/g, ''))
    .flatMap((segment) => segment.split(/[^A-Za-z0-9]+/))
    .filter(Boolean);
  return [spec.method, ...words].map((w, i) => (i === 0 ? w : w[0]!.toUpperCase() + w.slice(1))).join('');
}

function parameters(schema: Joi.ObjectSchema | undefined, where: 'path' | 'query', components: SchemaComponents) {
  if (!schema) return [];
  const described = schema.describe() as { keys?: Record<string, { flags?: Record<string, unknown> }> };
  return Object.entries(described.keys ?? {}).map(([name, child]) => {
    const { description, ...rest } = joiToJsonSchema(schema.extract(name), components);
    return {
      name,
      in: where,
      // OpenAPI requires every path parameter to be required.
      required: where === 'path' || isRequired(child),
      ...(typeof description === 'string' ? { description } : {}),
      schema: rest,
    };
  });
}

function jsonContent(schema: JsonSchema, example?: unknown): JsonContent {
  return { 'application/json': example === undefined ? { schema } : { schema, example } };
}

function response(where: string, status: number, spec: ResponseSpec, example: unknown, components: SchemaComponents) {
  const schema = isJoiSchema(spec) ? spec : spec.schema;
  const description = isJoiSchema(spec) ? (STATUS_CODES[status] ?? 'Response') : spec.description;
  if (example !== undefined) {
    if (!schema) throw new Error(`${where} ${status}: an example of a response without a JSON body`);
    assertExampleMatches(`${where} ${status}`, schema, example, 'response');
  }
  return schema ? { description, content: jsonContent(joiToJsonSchema(schema, components), example) } : { description };
}

function errorResponse(status: number) {
  return { description: STATUS_CODES[status] ?? 'Error', content: jsonContent(ERROR_REF) };
}

// A path placeholder without a params key (or the reverse) would document a route that cannot be called.
function assertParamsMatchPath(spec: AnyRouteSpec): void {
  const inPath = [...spec.path.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]).sort();
  const described = spec.params?.describe() as { keys?: Record<string, unknown> } | undefined;
  const inSchema = Object.keys(described?.keys ?? {}).sort();
  if (inPath.join() !== inSchema.join()) {
    throw new Error(
      `${spec.method.toUpperCase()} ${spec.path}: path parameters [${inPath.join()}] differ from the params schema [${inSchema.join()}]`,
    );
  }
}

function operation(spec: AnyRouteSpec, components: SchemaComponents): OpenApiOperation {
  assertParamsMatchPath(spec);
  const op: OpenApiOperation = { operationId: spec.operationId ?? operationIdFor(spec), summary: spec.summary, responses: {} };
  if (spec.description) op.description = spec.description;
  if (spec.tags) op.tags = spec.tags;
  if (spec.auth) op.security = spec.auth.security(spec.method);
  const params = [...parameters(spec.params, 'path', components), ...parameters(spec.query, 'query', components)];
  if (params.length > 0) op.parameters = params;
  const where = `${spec.method.toUpperCase()} ${spec.path}`;
  const examples = spec.examples ?? {};
  if (examples.body !== undefined) {
    if (!spec.body) throw new Error(`${where}: an example request body for a route that takes none`);
    assertExampleMatches(`${where} request`, spec.body, examples.body, 'request');
  }
  if (spec.body) {
    const described = spec.body.describe() as { keys?: Record<string, { flags?: Record<string, unknown> }> };
    const required = Object.values(described.keys ?? {}).some(isRequired);
    op.requestBody = { required, content: jsonContent(joiToJsonSchema(spec.body, components), examples.body) };
  }
  for (const status of Object.keys(examples.responses ?? {})) {
    if (!(status in spec.responses)) throw new Error(`${where}: an example of the undocumented status ${status}`);
  }
  for (const [status, response_] of Object.entries(spec.responses)) {
    op.responses[status] = response(where, Number(status), response_, examples.responses?.[Number(status)], components);
  }
  // Every route validates its input (unknown query parameters and body fields included).
  op.responses['400'] ??= errorResponse(400);
  for (const status of spec.auth?.errorStatuses(spec.method) ?? []) op.responses[String(status)] ??= errorResponse(status);
  op.responses.default = {
    description: 'Any other error (404, 405, 413, 415, 429, 500, 503), in the same shape',
    content: jsonContent(ERROR_REF),
  };
  return op;
}

/** An OpenAPI 3.1 document built from the same route specs (and joi schemas) that serve and validate the API. */
export function buildOpenApiDocument(options: OpenApiOptions): OpenApiDocument {
  const components: SchemaComponents = {};
  joiToJsonSchema(errorBodySchema, components);
  const paths: OpenApiDocument['paths'] = {};
  for (const spec of options.routes) {
    const byMethod = (paths[spec.path] ??= {});
    if (byMethod[spec.method]) throw new Error(`two routes for ${spec.method.toUpperCase()} ${spec.path}`);
    byMethod[spec.method] = operation(spec, components);
  }
  const info = { title: options.title, version: options.version, ...(options.description ? { description: options.description } : {}) };
  return {
    openapi: '3.1.0',
    info,
    servers: options.servers,
    paths,
    components: { schemas: components, securitySchemes: options.securitySchemes ?? {} },
  };
}
