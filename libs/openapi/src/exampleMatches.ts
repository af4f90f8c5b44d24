import Joi from 'joi';

// A request example is checked as the API checks a request (validate.ts); a response example
// exactly, with nothing converted, since a client receives it as written.
const REQUEST_OPTIONS: Joi.ValidationOptions = { abortEarly: false, allowUnknown: false, convert: true };
const RESPONSE_OPTIONS: Joi.ValidationOptions = { abortEarly: false, allowUnknown: false, convert: false };

/** An example that its schema rejects documents a call that cannot happen: refuse to build the document. */
export function assertExampleMatches(where: string, schema: Joi.Schema, example: unknown, kind: 'request' | 'response'): void {
  const { error } = schema.validate(example, kind === 'request' ? REQUEST_OPTIONS : RESPONSE_OPTIONS);
  if (error) throw new Error(`${where}: the example does not match its schema: ${error.details.map((d) => d.message).join('; ')}`);
}
