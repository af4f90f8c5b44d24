import { randomBytes } from 'node:crypto';
import { parse, validate, type DocumentNode } from 'graphql';
import { gid } from '../graphql/gid';
import type { GraphqlContext } from '../graphql/graphqlContext';
import { dateTime } from '../graphql/money';
import { adminSchema } from '../schema/adminSchema';
import type { Shop } from '../shop/shop';
import type { BulkOperationRecord } from './bulkOperationRecord';
import { bulkQueryProblem } from './bulkQueryShape';
import { flattenToJsonl } from './flattenJsonl';

/** From API version 2026-01, an app may run five bulk queries at once per shop (one before). */
export const CONCURRENT_BULK_QUERIES = 5;

/** "url and partialDataUrl values expire after seven days." */
export const BULK_URL_LIFETIME_MS = 7 * 86_400_000;

const running = (op: BulkOperationRecord) => op.status === 'CREATED' || op.status === 'RUNNING';

/** Runs waiting for the shop's bulk hold to be released. */
const heldRuns = new WeakMap<Shop, (() => void)[]>();

/** A completed or failed operation whose URL is older than seven days is EXPIRED, its files gone. */
export function expireBulkOperation(shop: Shop, op: BulkOperationRecord): void {
  if (
    (op.status === 'COMPLETED' || op.status === 'FAILED') &&
    op.completedAt !== null &&
    shop.now() - op.completedAt > BULK_URL_LIFETIME_MS
  ) {
    op.status = 'EXPIRED';
    op.jsonl = null;
    op.partialJsonl = null;
  }
}

export function bulkOperationView(shop: Shop, op: BulkOperationRecord): Record<string, unknown> {
  expireBulkOperation(shop, op);
  const fileUrl = (suffix: string) => `${op.baseUrl}/_emulator/shopify/bulk-results/${op.fileKey}${suffix}.jsonl`;
  return {
    __typename: 'BulkOperation',
    id: gid('BulkOperation', op.id),
    status: op.status,
    errorCode: op.errorCode,
    type: 'QUERY',
    query: op.query,
    createdAt: dateTime(op.createdAt),
    completedAt: op.completedAt === null ? null : dateTime(op.completedAt),
    objectCount: String(op.objectCount),
    rootObjectCount: String(op.rootObjectCount),
    fileSize: op.jsonl === null ? null : String(Buffer.byteLength(op.jsonl)),
    url: op.jsonl === null ? null : fileUrl(''),
    partialDataUrl: op.partialJsonl === null ? null : fileUrl('-partial'),
  };
}

async function run(ctx: GraphqlContext, op: BulkOperationRecord, document: DocumentNode): Promise<void> {
  const { shop } = ctx;
  op.status = 'RUNNING';
  if (shop.bulk.held) await new Promise<void>((resolve) => heldRuns.set(shop, [...(heldRuns.get(shop) ?? []), resolve]));
  if (op.status !== 'RUNNING') return; // canceled while held
  const result = await ctx.execute(document, { ...ctx, bulk: true });
  if (op.status !== 'RUNNING') return; // canceled while it ran
  const { lines, rootObjectCount } = flattenToJsonl((result.data ?? {}) as Record<string, unknown>);
  const failure = shop.bulk.failNext ?? (result.errors?.length ? 'INTERNAL_SERVER_ERROR' : null);
  shop.bulk.failNext = null;
  op.completedAt = shop.now();
  if (failure) {
    // What a failed operation had written when it stopped: the first half of its lines.
    const partial = lines.slice(0, Math.floor(lines.length / 2));
    op.status = 'FAILED';
    op.errorCode = failure;
    op.objectCount = partial.length;
    op.partialJsonl = partial.length > 0 ? partial.map((l) => `${l}\n`).join('') : null;
    return;
  }
  op.status = 'COMPLETED';
  op.objectCount = lines.length;
  op.rootObjectCount = rootObjectCount;
  op.jsonl = lines.map((l) => `${l}\n`).join('');
}

/** Lets held bulk operations finish. */
export function releaseBulkOperations(shop: Shop): void {
  const waiting = heldRuns.get(shop) ?? [];
  heldRuns.delete(shop);
  for (const resolve of waiting) resolve();
}

type UserError = { field: string[] | null; message: string; code: 'INVALID' | 'LIMIT_REACHED' | 'OPERATION_IN_PROGRESS' };

/** `bulkOperationRunQuery`: checks the query, then runs it in the background (status CREATED → RUNNING → COMPLETED). */
export function runBulkQuery(ctx: GraphqlContext, query: string): { bulkOperation: unknown; userErrors: UserError[] } {
  const { shop } = ctx;
  const refuse = (message: string, code: UserError['code'] = 'INVALID') => ({
    bulkOperation: null,
    userErrors: [{ field: code === 'INVALID' ? ['query'] : null, message, code }],
  });
  let document: DocumentNode;
  try {
    document = parse(query);
  } catch (error) {
    return refuse(`Invalid bulk query: ${(error as Error).message}`);
  }
  const invalid = validate(adminSchema(), document);
  if (invalid.length > 0) return refuse(`Invalid bulk query: ${invalid[0]!.message}`);
  const problem = bulkQueryProblem(document);
  if (problem) return refuse(problem);
  const inFlight = shop.bulkOperations.filter((op) => op.app === ctx.app && running(op));
  if (inFlight.length >= CONCURRENT_BULK_QUERIES)
    return refuse(
      `A bulk query operation for this app and shop is already in progress: ${inFlight.map((op) => gid('BulkOperation', op.id)).join(', ')}.`,
      'LIMIT_REACHED',
    );
  const op: BulkOperationRecord = {
    id: shop.nextId(),
    app: ctx.app,
    query,
    status: 'CREATED',
    errorCode: null,
    createdAt: shop.now(),
    completedAt: null,
    objectCount: 0,
    rootObjectCount: 0,
    fileKey: randomBytes(16).toString('hex'),
    jsonl: null,
    partialJsonl: null,
    baseUrl: ctx.baseUrl,
  };
  shop.bulkOperations.push(op);
  setImmediate(() => void run(ctx, op, document));
  return { bulkOperation: bulkOperationView(shop, op), userErrors: [] };
}

/** `bulkOperationCancel`: a running operation becomes CANCELED (at once: nothing is left to stop). */
export function cancelBulkOperation(shop: Shop, op: BulkOperationRecord): void {
  if (running(op)) {
    op.status = 'CANCELED';
    op.completedAt = shop.now();
  }
}
