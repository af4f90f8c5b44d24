import type { Request, RequestHandler, Response } from 'express';
import Joi from 'joi';
import type { HttpMethod } from '@datasync/http';

/** One OpenAPI security requirement: scheme names (keys of `components.securitySchemes`) that must all hold. */
export type SecurityRequirement = Record<string, string[]>;

/**
 * How a route authenticates: the middleware that runs before validation (so an anonymous caller
 * gets a 401, not a list of its invalid fields) and what the OpenAPI document says about it.
 */
export interface RouteAuth {
  middleware: RequestHandler;
  /** Alternatives (any one suffices) for a route of this method. */
  security(method: HttpMethod): SecurityRequirement[];
  /** Error statuses this authentication can answer with (401, 403, …), documented on the route. */
  errorStatuses(method: HttpMethod): number[];
}

/** A documented response: a joi schema of its JSON body, or a description and maybe a schema. */
export type ResponseSpec = Joi.Schema | { description: string; schema?: Joi.Schema };

/** A request body as a client sends it, and response bodies keyed by status. */
export interface RouteExamples {
  body?: Record<string, unknown>;
  responses?: Record<number, unknown>;
}

export interface RouteInput<P, Q, B> {
  params: P;
  query: Q;
  body: B;
}

export interface RouteSpec<P = Record<string, never>, Q = Record<string, never>, B = Record<string, never>> {
  method: HttpMethod;
  /** OpenAPI form, relative to the router it is mounted on: `/environments/{name}/early_access`. */
  path: string;
  summary: string;
  description?: string;
  tags?: string[];
  operationId?: string;
  auth?: RouteAuth;
  params?: Joi.ObjectSchema<P>;
  query?: Joi.ObjectSchema<Q>;
  /** Omitted: the route accepts no body fields (an empty object or no body). */
  body?: Joi.ObjectSchema<B>;
  /** Keyed by status. The lowest 2xx is the status of a successful call. */
  responses: Record<number, ResponseSpec>;
  /** JSON shown in the document and on /docs; checked against its schema when the document is built. */
  examples?: RouteExamples;
  /**
   * Gets validated, converted input. Its return value is sent as JSON with the success status
   * (nothing for 204); a handler that answered through `res` itself returns nothing.
   */
  handler: (input: RouteInput<P, Q, B>, req: Request, res: Response) => unknown;
}

// Handlers differ in their input types; a list of routes holds any of them.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyRouteSpec = RouteSpec<any, any, any>;

/** Identity with inference: keeps a route file's types checked where it is written. */
export function defineRoute<P = Record<string, never>, Q = Record<string, never>, B = Record<string, never>>(
  spec: RouteSpec<P, Q, B>,
): RouteSpec<P, Q, B> {
  return spec;
}

export function successStatus(spec: Pick<AnyRouteSpec, 'responses'>): number {
  const ok = Object.keys(spec.responses)
    .map(Number)
    .filter((status) => status >= 200 && status < 300)
    .sort((a, b) => a - b);
  return ok[0] ?? 200;
}

export function isJoiSchema(value: unknown): value is Joi.Schema {
  return Joi.isSchema(value);
}
