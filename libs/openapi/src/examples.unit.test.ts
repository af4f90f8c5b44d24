import Joi from 'joi';
import { buildOpenApiDocument } from './openApiDocument';
import { missingExamples } from './missingExamples';
import { defineRoute, type AnyRouteSpec } from './routeSpec';

const thing = Joi.object({ name: Joi.string().required(), size: Joi.number().integer().required() });

function documentOf(...routes: AnyRouteSpec[]) {
  return buildOpenApiDocument({ title: 't', version: '1', servers: [], routes });
}

const putThing = (examples: AnyRouteSpec['examples']) =>
  defineRoute({
    method: 'put',
    path: '/things',
    summary: 'Replace a thing',
    body: thing,
    responses: { 200: thing, 204: { description: 'Nothing changed' } },
    ...(examples ? { examples } : {}),
    handler: () => ({}),
  });

describe('route examples', () => {
  it('puts the request and response examples on the media types', () => {
    const op = documentOf(putThing({ body: { name: 'a', size: 1 }, responses: { 200: { name: 'a', size: 1 } } })).paths['/things']?.put;
    expect(op?.requestBody?.content['application/json'].example).toEqual({ name: 'a', size: 1 });
    expect(op?.responses['200']?.content?.['application/json'].example).toEqual({ name: 'a', size: 1 });
  });

  it('refuses an example its schema rejects, naming the operation and the field', () => {
    expect(() => documentOf(putThing({ body: { name: 'a', size: 'big' } }))).toThrow(
      'PUT /things request: the example does not match its schema: "size" must be a number',
    );
    // A response example is what the client receives: nothing is converted, so "1" is no number.
    expect(() => documentOf(putThing({ responses: { 200: { name: 'a', size: '1' } } }))).toThrow(
      'PUT /things 200: the example does not match its schema: "size" must be a number',
    );
    expect(() => documentOf(putThing({ responses: { 200: { name: 'a' } } }))).toThrow(/"size" is required/);
  });

  it('refuses an example of a status the route does not document, or of a body without a schema', () => {
    expect(() => documentOf(putThing({ responses: { 201: { name: 'a', size: 1 } } }))).toThrow(
      'PUT /things: an example of the undocumented status 201',
    );
    expect(() => documentOf(putThing({ responses: { 204: {} } }))).toThrow('PUT /things 204: an example of a response without a JSON body');
  });

  it('lists the request bodies and successful JSON responses that have no example', () => {
    const get = defineRoute({
      method: 'get',
      path: '/things/{name}',
      summary: 's',
      params: Joi.object({ name: Joi.string() }),
      responses: { 200: thing },
      handler: () => ({}),
    });
    expect(missingExamples(documentOf(putThing(undefined), get))).toEqual([
      'PUT /things request',
      'PUT /things 200',
      'GET /things/{name} 200',
    ]);
    expect(missingExamples(documentOf(putThing({ body: { name: 'a', size: 1 }, responses: { 200: { name: 'a', size: 1 } } })))).toEqual([]);
  });
});
