export {
  defineRoute,
  successStatus,
  type AnyRouteSpec,
  type ResponseSpec,
  type RouteExamples,
  type RouteAuth,
  type RouteInput,
  type RouteSpec,
  type SecurityRequirement,
} from './routeSpec';
export { validate, validateInput, type InputSchemas, type ValidatedInput } from './validate';
export { mountRouteSpecs, toExpressPath, toRouteDefinitions } from './mountRouteSpecs';
export {
  buildOpenApiDocument,
  type JsonContent,
  type OpenApiDocument,
  type OpenApiOperation,
  type OpenApiOptions,
} from './openApiDocument';
export { missingExamples } from './missingExamples';
export { serializeOpenApiDocument, writeOpenApiFile } from './openApiFile';
export { openApiRoute } from './openApiRoute';
export { errorBodySchema } from './errorSchema';
export { joiToJsonSchema, UnsupportedSchemaError, type JsonSchema, type SchemaComponents } from './joiToJsonSchema';
