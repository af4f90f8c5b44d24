import type Joi from 'joi';

/** A JSON Schema (draft 2020-12, the dialect of OpenAPI 3.1), as plain data. */
export type JsonSchema = { [key: string]: unknown };

/** Named schemas collected while converting; they become `components.schemas`. */
export type SchemaComponents = Record<string, JsonSchema>;

interface Rule {
  name: string;
  args?: Record<string, unknown>;
}

interface Description {
  type: string;
  flags?: Record<string, unknown>;
  rules?: Rule[];
  allow?: unknown[];
  examples?: unknown[];
  metas?: Record<string, unknown>[];
  keys?: Record<string, Description>;
  items?: Description[];
  matches?: { schema?: Description; ref?: unknown; is?: unknown }[];
  patterns?: unknown[];
}

/** Thrown for joi features the converter does not cover, so a gap fails the build of the document, not a client. */
export class UnsupportedSchemaError extends Error {
  constructor(what: string) {
    super(`joi→JSON Schema: ${what} is not supported; extend joiToJsonSchema or use a simpler schema`);
    this.name = 'UnsupportedSchemaError';
  }
}

/**
 * Converts a joi schema into the JSON Schema OpenAPI 3.1 documents, covering what our routes use:
 * object, string (min/max/length/pattern/valid/email/uri/guid/isoDate), number/integer (min/max),
 * boolean, date, array, alternatives, allow(null), description, default, example. A schema with
 * `.meta({ component: 'Name' })` is emitted once into `components` and referenced by `$ref`; the
 * first variant seen defines the component, so describe a component inside it, not at its uses.
 */
export function joiToJsonSchema(schema: Joi.Schema, components: SchemaComponents = {}): JsonSchema {
  return convert(schema.describe() as Description, components);
}

/** Whether a value must be present, as the object holding it sees it. */
export function isRequired(description: { flags?: Record<string, unknown> }): boolean {
  return description.flags?.presence === 'required';
}

function convert(d: Description, components: SchemaComponents): JsonSchema {
  // The last one wins: `base.keys({...}).meta({ component: 'Extended' })` keeps the base's meta too.
  const component = [...(d.metas ?? [])].reverse().find((m) => typeof m.component === 'string')?.component as string | undefined;
  if (component) {
    if (!components[component]) {
      components[component] = {}; // placeholder first, so a schema that refers to itself terminates
      components[component] = convertInline(d, components);
    }
    return { $ref: `#/components/schemas/${component}` };
  }
  return convertInline(d, components);
}

function convertInline(d: Description, components: SchemaComponents): JsonSchema {
  let out = convertType(d, components);
  const flags = d.flags ?? {};
  const allowed = d.allow ?? [];
  if (flags.only) {
    out.enum = allowed;
    if (allowed.includes(null)) out = withNull(out);
  } else if (allowed.length > 0) {
    if (allowed.includes(null)) out = withNull(out);
    const others = allowed.filter((v) => v !== null);
    if (others.length > 0) out = { anyOf: [out, { enum: others }] };
  }
  if (typeof flags.description === 'string') out.description = flags.description;
  if (flags.default !== undefined && typeof flags.default !== 'function') out.default = flags.default;
  if (d.examples?.length) out.examples = d.examples;
  return out;
}

function withNull(schema: JsonSchema): JsonSchema {
  if (typeof schema.type === 'string') return { ...schema, type: [schema.type, 'null'] };
  return { anyOf: [schema, { type: 'null' }] };
}

function convertType(d: Description, components: SchemaComponents): JsonSchema {
  switch (d.type) {
    case 'any':
      return {};
    case 'string':
      return stringSchema(d.rules ?? []);
    case 'number':
      return numberSchema(d.rules ?? []);
    case 'boolean':
      return { type: 'boolean' };
    case 'date':
      // Our JSON carries dates as ISO 8601 strings.
      return { type: 'string', format: 'date-time' };
    case 'array':
      return arraySchema(d, components);
    case 'alternatives':
      return alternativesSchema(d, components);
    case 'object':
      return objectSchema(d, components);
    default:
      throw new UnsupportedSchemaError(`type "${d.type}"`);
  }
}

function stringSchema(rules: Rule[]): JsonSchema {
  const out: JsonSchema = { type: 'string' };
  for (const rule of rules) {
    const args = rule.args ?? {};
    switch (rule.name) {
      case 'min':
        out.minLength = args.limit;
        break;
      case 'max':
        out.maxLength = args.limit;
        break;
      case 'length':
        out.minLength = args.limit;
        out.maxLength = args.limit;
        break;
      case 'pattern': {
        const source = regexSource(String(args.regex));
        const invert = (args.options as { invert?: boolean } | undefined)?.invert;
        if (invert) out.not = { pattern: source };
        else out.pattern = source;
        break;
      }
      case 'email':
        out.format = 'email';
        break;
      case 'uri':
        out.format = 'uri';
        break;
      case 'guid':
        out.format = 'uuid';
        break;
      case 'isoDate':
        out.format = 'date-time';
        break;
      case 'hostname':
        out.format = 'hostname';
        break;
      case 'alphanum':
        out.pattern = '^[a-zA-Z0-9]*$';
        break;
      case 'token':
        out.pattern = '^\\w*$';
        break;
      case 'case':
      case 'trim':
        break; // conversions, not constraints on what is accepted
      default:
        throw new UnsupportedSchemaError(`string rule "${rule.name}"`);
    }
  }
  return out;
}

// joi describes a RegExp as its literal, `/source/flags`.
function regexSource(literal: string): string {
  const end = literal.lastIndexOf('/');
  return literal.startsWith('/') && end > 0 ? literal.slice(1, end) : literal;
}

function numberSchema(rules: Rule[]): JsonSchema {
  const out: JsonSchema = { type: 'number' };
  for (const rule of rules) {
    const limit = rule.args?.limit;
    switch (rule.name) {
      case 'integer':
        out.type = 'integer';
        break;
      case 'min':
        out.minimum = limit;
        break;
      case 'max':
        out.maximum = limit;
        break;
      case 'greater':
        out.exclusiveMinimum = limit;
        break;
      case 'less':
        out.exclusiveMaximum = limit;
        break;
      case 'sign':
        if (rule.args?.sign === 'positive') out.exclusiveMinimum = 0;
        else out.exclusiveMaximum = 0;
        break;
      case 'port':
        out.type = 'integer';
        out.minimum = 0;
        out.maximum = 65535;
        break;
      default:
        throw new UnsupportedSchemaError(`number rule "${rule.name}"`);
    }
  }
  return out;
}

function arraySchema(d: Description, components: SchemaComponents): JsonSchema {
  const out: JsonSchema = { type: 'array' };
  const items = (d.items ?? []).map((item) => convert(item, components));
  if (items.length === 1) out.items = items[0];
  else if (items.length > 1) out.items = { anyOf: items };
  for (const rule of d.rules ?? []) {
    const limit = rule.args?.limit;
    if (rule.name === 'min') out.minItems = limit;
    else if (rule.name === 'max') out.maxItems = limit;
    else if (rule.name === 'length') Object.assign(out, { minItems: limit, maxItems: limit });
    else if (rule.name === 'unique') out.uniqueItems = true;
    else throw new UnsupportedSchemaError(`array rule "${rule.name}"`);
  }
  return out;
}

function alternativesSchema(d: Description, components: SchemaComponents): JsonSchema {
  const options = (d.matches ?? []).map((match) => {
    if (!match.schema) throw new UnsupportedSchemaError('conditional alternatives (when/conditional)');
    return convert(match.schema, components);
  });
  // joi takes the first alternative that validates, so several may match: anyOf, not oneOf.
  return { anyOf: options };
}

function objectSchema(d: Description, components: SchemaComponents): JsonSchema {
  if (d.patterns?.length) throw new UnsupportedSchemaError('object patterns');
  const out: JsonSchema = { type: 'object' };
  // Joi.object() without keys accepts any keys; with keys, only those unless .unknown().
  if (!d.keys) return out;
  const properties: Record<string, JsonSchema> = {};
  const required: string[] = [];
  for (const [name, child] of Object.entries(d.keys)) {
    if (child.flags?.presence === 'forbidden') continue;
    properties[name] = convert(child, components);
    if (isRequired(child)) required.push(name);
  }
  out.properties = properties;
  if (required.length > 0) out.required = required;
  if (d.flags?.unknown !== true) out.additionalProperties = false;
  return out;
}
