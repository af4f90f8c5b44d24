import { ApiError } from '@datasync/errors';
import type { Joi } from '@datasync/config';

/** `['objects', 'charges']` → `objects[charges]`, the way Stripe names nested parameters. */
function paramName(path: (string | number)[]): string {
  const [head, ...rest] = path.map(String);
  return `${head ?? ''}${rest.map((part) => `[${part}]`).join('')}`;
}

/** Validates admin input (unknown keys refused, every problem named); 400 with Stripe's nested body. */
export function validate<T>(schema: Joi.ObjectSchema<T>, value: unknown): T {
  const { value: valid, error } = schema.validate(value ?? {}, { abortEarly: false, convert: true });
  if (error) {
    const first = error.details[0];
    throw new ApiError(400, 'invalid_request_error', error.details.map((d) => d.message.replace(/"/g, "'")).join('; '), {
      code: 'parameter_invalid',
      param: first ? paramName(first.path) : undefined,
    });
  }
  return valid;
}
