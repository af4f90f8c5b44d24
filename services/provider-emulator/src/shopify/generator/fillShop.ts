import { hashString, mulberry32 } from '../../kit';
import type { CustomerRecord, LineItemRecord, OrderRecord, ProductRecord } from '../shop/records';
import type { Shop } from '../shop/shop';

export interface FillCounts {
  customers: number;
  products: number;
  orders: number;
}

const FIRST = ['Ava', 'Noah', 'Mia', 'Liam', 'Zoe', 'Omar', 'Lena', 'Yuki', 'Ines', 'Tom'];
const LAST = ['Martin', 'Garcia', 'Kim', 'Novak', 'Silva', 'Okafor', 'Rossi', 'Berg', 'Khan', 'Dubois'];
const NOUNS = ['Mug', 'Tote', 'Hoodie', 'Candle', 'Notebook', 'Cap', 'Poster', 'Scarf', 'Bottle', 'Socks'];
const ADJECTIVES = ['Classic', 'Organic', 'Vintage', 'Everyday', 'Limited', 'Travel', 'Minimal'];
const VENDORS = ['Northwind', 'Acme Goods', 'Harbor & Co', 'Fern Studio'];
const SIZES = ['Small', 'Medium', 'Large'];
const DAY = 86_400_000;

const money = (cents: number) => (cents / 100).toFixed(2);

/**
 * Fills a shop with customers, products (1–3 variants) and orders (1–4 line items, a sale
 * transaction, a fulfillment for most, a refund for some), dated over the last `historyDays`
 * days with updates after creation. A function of the shop's domain: the same seed, the same shop.
 */
export function fillShop(shop: Shop, counts: FillCounts, historyDays = 90): void {
  const random = mulberry32(hashString(`fill:${shop.spec.domain}`));
  const now = shop.now();
  const between = (min: number, max: number) => min + Math.floor(random() * (max - min + 1));
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!;
  const when = () => now - Math.floor(random() * historyDays * DAY);
  const later = (at: number) => Math.min(now, at + Math.floor(random() * 5 * DAY));

  const customers: CustomerRecord[] = [];
  for (let i = 0; i < counts.customers; i++) {
    const firstName = pick(FIRST);
    const lastName = pick(LAST);
    const createdAt = when();
    const customer: CustomerRecord = {
      id: shop.nextId(),
      firstName,
      lastName,
      email: `${firstName}.${lastName}.${i}@example.com`.toLowerCase(),
      tags: random() < 0.3 ? ['vip'] : [],
      createdAt,
      updatedAt: later(createdAt),
    };
    shop.customers.set(customer.id, customer);
    customers.push(customer);
  }

  const products: ProductRecord[] = [];
  for (let i = 0; i < counts.products; i++) {
    const title = `${pick(ADJECTIVES)} ${pick(NOUNS)} ${i + 1}`;
    const createdAt = when();
    const base = between(800, 12_000);
    const product: ProductRecord = {
      id: shop.nextId(),
      title,
      handle: title.toLowerCase().replace(/[^a-z0-9]+/g, '-'),
      vendor: pick(VENDORS),
      productType: 'Merch',
      status: random() < 0.9 ? 'ACTIVE' : 'DRAFT',
      tags: [],
      variants: SIZES.slice(0, between(1, 3)).map((size, v) => ({
        id: shop.nextId(),
        title: size,
        sku: `SKU-${i + 1}-${v + 1}`,
        price: money(base + v * 200),
        inventoryQuantity: between(0, 200),
        createdAt,
        updatedAt: createdAt,
      })),
      createdAt,
      updatedAt: later(createdAt),
    };
    shop.products.set(product.id, product);
    products.push(product);
  }

  for (let i = 0; i < counts.orders && products.length > 0; i++) {
    const customer = customers.length > 0 && random() < 0.9 ? customers[Math.floor(random() * customers.length)] : undefined;
    const createdAt = when();
    const lineItems: LineItemRecord[] = [];
    for (let l = between(1, 4); l > 0; l--) {
      const product = products[Math.floor(random() * products.length)]!;
      const variant = product.variants[Math.floor(random() * product.variants.length)]!;
      lineItems.push({
        id: shop.nextId(),
        productId: product.id,
        variantId: variant.id,
        title: product.title,
        sku: variant.sku,
        quantity: between(1, 3),
        unitPrice: variant.price,
      });
    }
    const totalCents = lineItems.reduce((sum, item) => sum + Math.round(Number(item.unitPrice) * 100) * item.quantity, 0);
    const refunded = random() < 0.1;
    const order: OrderRecord = {
      id: shop.nextId(),
      number: 1001 + i,
      email: customer?.email ?? null,
      customerId: customer?.id ?? null,
      createdAt,
      updatedAt: later(createdAt),
      cancelledAt: null,
      lineItems,
      transactions: [
        { id: shop.nextId(), kind: 'SALE', status: 'SUCCESS', gateway: 'shopify_payments', amount: money(totalCents), createdAt },
      ],
      refunds: refunded
        ? [{ id: shop.nextId(), note: 'Damaged in transit', amount: money(Math.round(totalCents / 2)), createdAt: later(createdAt) }]
        : [],
      fulfillments: random() < 0.8 ? [{ id: shop.nextId(), status: 'SUCCESS', createdAt: later(createdAt) }] : [],
    };
    if (refunded) {
      order.transactions.push({
        id: shop.nextId(),
        kind: 'REFUND',
        status: 'SUCCESS',
        gateway: 'shopify_payments',
        amount: order.refunds[0]!.amount,
        createdAt: order.refunds[0]!.createdAt,
      });
    }
    shop.orders.set(order.id, order);
  }
}
