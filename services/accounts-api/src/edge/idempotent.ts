import { createHash } from 'node:crypto';
import { callerOf } from '@datasync/auth';
import { ApiError, InvalidRequestError, toApiError } from '@datasync/errors';
import { errorBodySchema, successStatus, type RouteSpec } from '@datasync/openapi';
import type { IdempotencyStore } from './idempotencyStore';

export const IDEMPOTENCY_HEADER = 'Idempotency-Key';
const KEY_PATTERN = /^[\x21-\x7e]{1,255}$/;

// Key order must not make two equal bodies differ.
function canonical(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(canonical);
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.keys(value as object)
        .sort()
        .map((k) => [k, canonical((value as Record<string, unknown>)[k])]),
    );
  }
  return value;
}

function fingerprintOf(method: string, path: string, input: unknown): string {
  return createHash('sha256')
    .update(`${method} ${path}\n${JSON.stringify(canonical(input))}`)
    .digest('hex');
}

// Specs wrapped by idempotent(), so the OpenAPI document can list the header on exactly those.
const wrapped = new WeakSet<object>();

export function isIdempotent(spec: object): boolean {
  return wrapped.has(spec);
}

// Outcomes that say something final about this request are kept for replay; a 5xx, a 429 or a
// concurrent-use 409 say "try again", so the key is freed for that retry.
const replayable = (status: number) => status < 500 && status !== 429 && status !== 409;

/**
 * `Idempotency-Key` on a POST (docs/accounts-api.md, Idempotency-Key): the first request with a key runs and its answer is
 * kept; the same key with the same input gets that answer again (header `Idempotent-Replayed:
 * true`), with other input a 400, and while the first still runs a 409. Runs after authentication
 * and validation, so neither an anonymous caller nor invalid input ever claims a key.
 */
export function idempotent<P, Q, B>(store: IdempotencyStore, spec: RouteSpec<P, Q, B>): RouteSpec<P, Q, B> {
  const status = successStatus(spec);
  const idempotentSpec: RouteSpec<P, Q, B> = {
    ...spec,
    responses: {
      ...spec.responses,
      409: {
        description: 'Another request with the same Idempotency-Key is still running; retry after it finishes',
        schema: errorBodySchema,
      },
    },
    handler: async (input, req, res) => {
      const key = req.get(IDEMPOTENCY_HEADER);
      if (key === undefined) return spec.handler(input, req, res);
      if (!KEY_PATTERN.test(key)) {
        throw new InvalidRequestError(
          `${IDEMPOTENCY_HEADER} must be 1-255 printable ASCII characters without spaces (a UUID is a good choice).`,
          {
            code: 'parameter_invalid',
            param: IDEMPOTENCY_HEADER,
          },
        );
      }
      const { environmentId } = callerOf(res);
      const fingerprint = fingerprintOf(req.method, req.path, input);
      const begun = await store.begin(environmentId, key, fingerprint);
      if (begun.kind === 'replay') {
        res.status(begun.response.status).set('Idempotent-Replayed', 'true').json(begun.response.body);
        return undefined;
      }
      if (begun.kind === 'mismatch') {
        throw new InvalidRequestError(
          `This ${IDEMPOTENCY_HEADER} was already used with a different request. Use a new key for a new request.`,
          { code: 'idempotency_key_reused', param: IDEMPOTENCY_HEADER },
        );
      }
      if (begun.kind === 'in_progress') {
        throw new ApiError(
          409,
          'invalid_request_error',
          `A request with this ${IDEMPOTENCY_HEADER} is still in progress. Retry once it has finished.`,
          {
            code: 'idempotency_key_in_use',
            headers: { 'Retry-After': '1' },
          },
        );
      }
      try {
        const result = await spec.handler(input, req, res);
        await store.complete(environmentId, key, fingerprint, { status, body: result ?? null });
        return result;
      } catch (err) {
        const known = toApiError(err);
        if (known && replayable(known.status))
          await store.complete(environmentId, key, fingerprint, { status: known.status, body: known.toBody() });
        else await store.abandon(environmentId, key).catch(() => undefined);
        throw err;
      }
    },
  };
  wrapped.add(idempotentSpec);
  return idempotentSpec;
}
