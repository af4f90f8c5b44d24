import type { DocumentNode, ExecutionResult } from 'graphql';
import type { Shop } from '../shop/shop';

/** What resolvers see: the shop, and whether a bulk operation runs (no page sizes then). */
export interface GraphqlContext {
  shop: Shop;
  /** The app the request acts for (its cost bucket, its bulk operations). */
  app: string;
  bulk: boolean;
  /** The listener's base URL, for bulk result URLs. */
  baseUrl: string;
  /**
   * Runs a document through the executor the request came through: how a bulk operation runs its
   * query. Handed in, because that executor's resolvers are what start bulk operations.
   */
  execute(document: DocumentNode, ctx: GraphqlContext): Promise<ExecutionResult>;
}
