import Joi from 'joi';
import { joiToJsonSchema, UnsupportedSchemaError, type SchemaComponents } from './joiToJsonSchema';

describe('joiToJsonSchema', () => {
  it('converts strings with their constraints', () => {
    expect(
      joiToJsonSchema(
        Joi.string()
          .min(2)
          .max(5)
          .pattern(/^[a-z_]+$/)
          .description('a name')
          .example('ab'),
      ),
    ).toEqual({
      type: 'string',
      minLength: 2,
      maxLength: 5,
      pattern: '^[a-z_]+$',
      description: 'a name',
      examples: ['ab'],
    });
    expect(joiToJsonSchema(Joi.string().email())).toEqual({ type: 'string', format: 'email' });
    expect(joiToJsonSchema(Joi.string().uri())).toEqual({ type: 'string', format: 'uri' });
    expect(joiToJsonSchema(Joi.string().isoDate())).toEqual({ type: 'string', format: 'date-time' });
    expect(joiToJsonSchema(Joi.string().length(4).lowercase().trim())).toEqual({ type: 'string', minLength: 4, maxLength: 4 });
  });

  it('turns valid() into an enum and allow(null) into a nullable type', () => {
    expect(joiToJsonSchema(Joi.string().valid('production', 'development'))).toEqual({
      type: 'string',
      enum: ['production', 'development'],
    });
    expect(joiToJsonSchema(Joi.string().allow(null))).toEqual({ type: ['string', 'null'] });
    expect(joiToJsonSchema(Joi.date().allow(null))).toEqual({ type: ['string', 'null'], format: 'date-time' });
    expect(joiToJsonSchema(Joi.string().min(1).allow(''))).toEqual({ anyOf: [{ type: 'string', minLength: 1 }, { enum: [''] }] });
  });

  it('converts numbers, integers, booleans and defaults', () => {
    expect(joiToJsonSchema(Joi.number().integer().min(1).max(100).default(10))).toEqual({
      type: 'integer',
      minimum: 1,
      maximum: 100,
      default: 10,
    });
    expect(joiToJsonSchema(Joi.number().greater(0).less(1))).toEqual({ type: 'number', exclusiveMinimum: 0, exclusiveMaximum: 1 });
    expect(joiToJsonSchema(Joi.boolean())).toEqual({ type: 'boolean' });
  });

  it('converts objects: properties, required keys, and whether other keys are allowed', () => {
    const schema = Joi.object({
      email: Joi.string().email().required(),
      note: Joi.string(),
      hidden: Joi.any().forbidden(),
      nested: Joi.object({ x: Joi.number().required() }).unknown(true),
    });
    expect(joiToJsonSchema(schema)).toEqual({
      type: 'object',
      properties: {
        email: { type: 'string', format: 'email' },
        note: { type: 'string' },
        nested: { type: 'object', properties: { x: { type: 'number' } }, required: ['x'] },
      },
      required: ['email'],
      additionalProperties: false,
    });
    expect(joiToJsonSchema(Joi.object())).toEqual({ type: 'object' });
  });

  it('converts arrays and alternatives', () => {
    expect(joiToJsonSchema(Joi.array().items(Joi.string()).min(1).max(3))).toEqual({
      type: 'array',
      items: { type: 'string' },
      minItems: 1,
      maxItems: 3,
    });
    expect(joiToJsonSchema(Joi.array().items(Joi.string(), Joi.number()))).toEqual({
      type: 'array',
      items: { anyOf: [{ type: 'string' }, { type: 'number' }] },
    });
    expect(joiToJsonSchema(Joi.alternatives().try(Joi.string(), Joi.object({ accountId: Joi.string() })))).toEqual({
      anyOf: [{ type: 'string' }, { type: 'object', properties: { accountId: { type: 'string' } }, additionalProperties: false }],
    });
  });

  it('emits a schema marked as a component once and refers to it', () => {
    const user = Joi.object({ id: Joi.string() }).meta({ component: 'User' });
    const components: SchemaComponents = {};
    const out = joiToJsonSchema(Joi.object({ a: user, b: Joi.array().items(user) }), components);
    expect(out).toEqual({
      type: 'object',
      properties: { a: { $ref: '#/components/schemas/User' }, b: { type: 'array', items: { $ref: '#/components/schemas/User' } } },
      additionalProperties: false,
    });
    expect(components).toEqual({ User: { type: 'object', properties: { id: { type: 'string' } }, additionalProperties: false } });
  });

  it('refuses what it does not know instead of documenting it wrongly', () => {
    expect(() => joiToJsonSchema(Joi.binary())).toThrow(UnsupportedSchemaError);
    expect(() => joiToJsonSchema(Joi.string().creditCard())).toThrow(/string rule "creditCard"/);
    expect(() => joiToJsonSchema(Joi.object().pattern(/x/, Joi.string()))).toThrow(/object patterns/);
  });
});
