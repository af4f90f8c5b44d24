import Joi from 'joi';
import type { OpenApiDocument } from './openApiDocument';

// A request example is checked as the API checks a request (validate.ts); a response example
// exactly, with nothing converted, since a client receives it as written.
const REQUEST_OPTIONS: Joi.ValidationOptions = { abortEarly: false, allowUnknown: false, convert: true };
const RESPONSE_OPTIONS: Joi.ValidationOptions = { abortEarly: false, allowUnknown: false, convert: false };

/** An example that its schema rejects documents a call that cannot happen: refuse to build the document. */
export function assertExampleMatches(where: string, schema: Joi.Schema, example: unknown, kind: 'request' | 'response'): void {
  const { error } = schema.validate(example, kind === 'request' ? REQUEST_OPTIONS : RESPONSE_OPTIONS);
  if (error) throw new Error(`${where}: the example does not match its schema: ${error.details.map((d) => d.message).join('; ')}`);
}

/**
 * Operations of the document without an example where a reader needs one: a request body without
 * one, or a successful response with a JSON body without one. Listed as `POST /accounts request`,
 * `GET /accounts 200`.
 */
export function missingExamples(document: OpenApiDocument): string[] {
  const missing: string[] = [];
  for (const [path, methods] of Object.entries(document.paths)) {
    for (const [method, op] of Object.entries(methods)) {
      const name = `${method.toUpperCase()} ${path}`;
      const body = op.requestBody?.content['application/json'];
      if (body && body.example === undefined) missing.push(`${name} request`);
      for (const [status, response] of Object.entries(op.responses)) {
        const json = response.content?.['application/json'];
        if (/^2\d\d$/.test(status) && json && json.example === undefined) missing.push(`${name} ${status}`);
      }
    }
  }
  return missing;
}
