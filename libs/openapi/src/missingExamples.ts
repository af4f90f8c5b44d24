import type { OpenApiDocument } from './openApiDocument';

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
