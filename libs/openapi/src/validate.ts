import type { RequestHandler } from 'express';
import Joi from 'joi';
import { ValidationError, type FieldError } from '@datasync/errors';

export interface InputSchemas {
  params?: Joi.ObjectSchema;
  query?: Joi.ObjectSchema;
  body?: Joi.ObjectSchema;
}

export interface ValidatedInput {
  params: Record<string, unknown>;
  query: Record<string, unknown>;
  body: Record<string, unknown>;
}

// A part without a schema accepts nothing: an unknown query parameter or body field is a
// mistake the caller should hear about, not something silently ignored.
const NOTHING = Joi.object({});

const OPTIONS: Joi.ValidationOptions = {
  abortEarly: false,
  allowUnknown: false,
  convert: true,
  errors: { wrap: { label: false } },
};

/**
 * Validates params, query and body together, so one 400 names every invalid field of the request.
 * Returns the converted values; throws ValidationError.
 */
export function validateInput(schemas: InputSchemas, raw: { params: unknown; query: unknown; body: unknown }): ValidatedInput {
  const errors: FieldError[] = [];
  const out: Partial<ValidatedInput> = {};
  for (const part of ['params', 'query', 'body'] as const) {
    const { value, error } = (schemas[part] ?? NOTHING).validate(raw[part] ?? {}, OPTIONS);
    out[part] = value as Record<string, unknown>;
    for (const detail of error?.details ?? []) {
      // A key named "" (`?=1`) has a path but no name: report it under the part that holds it.
      const param = detail.path.join('.') || part;
      const message = detail.path.length > 0 ? detail.message : `The request ${part} must be a JSON object.`;
      if (!errors.some((e) => e.param === param && e.message === message)) errors.push({ param, message });
    }
  }
  if (errors.length > 0) throw new ValidationError(errors);
  return out as ValidatedInput;
}

/**
 * Express middleware form of validateInput. The converted input lands in `res.locals.input`
 * (Express 5's `req.query` is read-only, so it cannot be replaced in place).
 */
export function validate(schemas: InputSchemas): RequestHandler {
  return (req, res, next) => {
    res.locals.input = validateInput(schemas, { params: req.params, query: req.query, body: req.body as unknown });
    next();
  };
}
