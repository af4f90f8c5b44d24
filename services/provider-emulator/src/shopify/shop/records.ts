/** A shop's records as the emulator stores them; GraphQL views are built from these (graphql/views.ts). */

export interface LineItemRecord {
  id: number;
  productId: number;
  variantId: number;
  title: string;
  sku: string;
  quantity: number;
  unitPrice: string;
}

export interface TransactionRecord {
  id: number;
  kind: 'SALE' | 'REFUND';
  status: 'SUCCESS';
  gateway: string;
  amount: string;
  createdAt: number;
}

export interface RefundRecord {
  id: number;
  note: string | null;
  amount: string;
  createdAt: number;
}

export interface FulfillmentRecord {
  id: number;
  status: 'SUCCESS';
  createdAt: number;
}

export interface OrderRecord {
  id: number;
  number: number;
  email: string | null;
  customerId: number | null;
  createdAt: number;
  updatedAt: number;
  cancelledAt: number | null;
  lineItems: LineItemRecord[];
  transactions: TransactionRecord[];
  refunds: RefundRecord[];
  fulfillments: FulfillmentRecord[];
}

export interface CustomerRecord {
  id: number;
  firstName: string;
  lastName: string;
  email: string;
  tags: string[];
  createdAt: number;
  updatedAt: number;
}

export interface VariantRecord {
  id: number;
  title: string;
  sku: string;
  price: string;
  inventoryQuantity: number;
  createdAt: number;
  updatedAt: number;
}

export interface ProductRecord {
  id: number;
  title: string;
  handle: string;
  vendor: string;
  productType: string;
  status: 'ACTIVE' | 'DRAFT' | 'ARCHIVED';
  tags: string[];
  variants: VariantRecord[];
  createdAt: number;
  updatedAt: number;
}

/** Shopify keeps deletion events for products and collections only (DeletionEventSubjectType). */
export interface DeletionEventRecord {
  subjectId: number;
  subjectType: 'PRODUCT';
  occurredAt: number;
}

export type ResourceKind = 'orders' | 'customers' | 'products';
export const RESOURCE_KINDS: readonly ResourceKind[] = ['orders', 'customers', 'products'];
