import type { RequestHandler } from 'express';
import { getOperationAST, parse, validate, type DocumentNode, type FragmentDefinitionNode } from 'graphql';
import type { GraphqlContext } from '../graphql/graphqlContext';
import { executeDocument } from '../graphql/executeDocument';
import { queryCost } from '../graphql/queryCost';
import { shopifyValidationError } from '../graphql/shopifyValidationError';
import { adminSchema } from '../schema/adminSchema';
import { MAX_SINGLE_QUERY_COST } from '../shop/shopPlan';
import { requestApp } from './shopifyAuthenticate';
import { requestShop } from './shopDomain';
import { shopifyErrors } from './shopifyHttpError';

const RATE_LIMIT_DOCS = 'https://shopify.dev/api/usage/rate-limits';

/**
 * `POST /admin/api/<version>/graphql.json` `{query, variables?, operationName?}`: parsed and
 * validated against Shopify's Admin schema (errors answered 200 in Shopify's shape, nothing
 * charged), costed, charged to the app+shop bucket (THROTTLED when it cannot pay, nothing run),
 * executed, and the difference between requested and actual cost given back.
 */
export function graphqlRoute(): RequestHandler {
  return (req, res, next) => {
    const shop = requestShop(res);
    const app = requestApp(res);
    const body = (req.body ?? {}) as { query?: unknown; variables?: unknown; operationName?: unknown };
    if (typeof body.query !== 'string' || body.query.trim() === '')
      return next(shopifyErrors.badRequest('Required parameter missing or invalid: query'));
    const variables = body.variables && typeof body.variables === 'object' ? (body.variables as Record<string, unknown>) : {};
    const operationName = typeof body.operationName === 'string' ? body.operationName : undefined;

    let document: DocumentNode;
    try {
      document = parse(body.query);
    } catch (error) {
      const located = error as { message: string; locations?: unknown };
      return res.json({ errors: [{ message: located.message, locations: located.locations, extensions: { code: 'parseError' } }] });
    }
    const invalid = validate(adminSchema(), document);
    if (invalid.length > 0) return res.json({ errors: invalid.map(shopifyValidationError) });
    const operation = getOperationAST(document, operationName);
    if (!operation) return res.json({ errors: [{ message: 'An operation name is required', extensions: { code: 'validationError' } }] });

    const fragments = document.definitions.filter((d): d is FragmentDefinitionNode => d.kind === 'FragmentDefinition');
    const requested = queryCost(adminSchema(), operation, fragments, variables);
    const bucket = shop.bucket(app);
    const throttleStatus = () => ({
      maximumAvailable: bucket.capacity,
      currentlyAvailable: Math.floor(bucket.currentlyAvailable()),
      restoreRate: bucket.restorePerSecond,
    });
    if (requested > MAX_SINGLE_QUERY_COST) {
      return res.json({
        errors: [
          {
            message: `Query cost is ${requested}, which exceeds the single query max cost limit (${MAX_SINGLE_QUERY_COST}).`,
            extensions: { code: 'MAX_COST_EXCEEDED', cost: requested, maxCost: MAX_SINGLE_QUERY_COST, documentation: RATE_LIMIT_DOCS },
          },
        ],
      });
    }
    if (!bucket.take(requested)) {
      return res.status(shop.throttledStatus).json({
        errors: [{ message: 'Throttled', extensions: { code: 'THROTTLED', documentation: RATE_LIMIT_DOCS } }],
        extensions: { cost: { requestedQueryCost: requested, actualQueryCost: null, throttleStatus: throttleStatus() } },
      });
    }
    const ctx: GraphqlContext = {
      shop,
      app,
      bulk: false,
      baseUrl: `${req.protocol}://${req.get('host') ?? 'localhost'}`,
      execute: (bulkDocument, bulkCtx) => executeDocument(bulkDocument, bulkCtx, {}),
    };
    executeDocument(document, ctx, variables)
      .then((result) => {
        const actual = Math.min(
          requested,
          queryCost(adminSchema(), operation, fragments, variables, (result.data ?? {}) as Record<string, unknown>),
        );
        bucket.refund(requested - actual);
        res.json({
          ...(result.errors ? { errors: result.errors.map((e) => e.toJSON()) } : {}),
          data: result.data ?? null,
          extensions: { cost: { requestedQueryCost: requested, actualQueryCost: actual, throttleStatus: throttleStatus() } },
        });
      })
      .catch(next);
  };
}
