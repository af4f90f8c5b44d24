import type { GraphQLError } from 'graphql';

/**
 * A validation error as Shopify (graphql-ruby) words the commonest ones, with its `extensions.code`;
 * the rest keep graphql-js's words under the code `validationError`.
 */
export function shopifyValidationError(error: GraphQLError): Record<string, unknown> {
  const locations = error.locations?.map(({ line, column }) => ({ line, column }));
  const undefinedField = /^Cannot query field "(\w+)" on type "(\w+)"/.exec(error.message);
  if (undefinedField) {
    const [, fieldName, typeName] = undefinedField;
    return {
      message: `Field '${fieldName}' doesn't exist on type '${typeName}'`,
      locations,
      extensions: { code: 'undefinedField', typeName, fieldName },
    };
  }
  const unknownArgument = /^Unknown argument "(\w+)" on field "(\w+)\.(\w+)"/.exec(error.message);
  if (unknownArgument) {
    const [, argumentName, , fieldName] = unknownArgument;
    return {
      message: `Field '${fieldName}' doesn't accept argument '${argumentName}'`,
      locations,
      extensions: { code: 'argumentNotAccepted', name: fieldName, typeName: 'Field', argumentName },
    };
  }
  return { message: error.message, locations, extensions: { code: 'validationError' } };
}
