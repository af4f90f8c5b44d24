import { Shop } from '../shop/shop';
import { fillShop } from './fillShop';

const newShop = () =>
  new Shop({
    domain: 'gen.myshopify.com',
    name: 'gen',
    plan: 'basic',
    currency: 'USD',
    timezone: 'UTC',
    adminToken: 'shpat_x',
    createdAt: 0,
  });

describe('fillShop', () => {
  it('fills the counts asked, orders referring to real products, variants and customers', () => {
    const shop = newShop();
    fillShop(shop, { customers: 20, products: 10, orders: 50 });
    expect([shop.customers.size, shop.products.size, shop.orders.size]).toEqual([20, 10, 50]);
    for (const order of shop.orders.values()) {
      expect(order.lineItems.length).toBeGreaterThan(0);
      expect(order.updatedAt).toBeGreaterThanOrEqual(order.createdAt);
      for (const line of order.lineItems)
        expect(shop.products.get(line.productId)?.variants.some((v) => v.id === line.variantId)).toBe(true);
      if (order.customerId !== null) expect(shop.customers.has(order.customerId)).toBe(true);
      expect(order.transactions[0]).toMatchObject({ kind: 'SALE', status: 'SUCCESS' });
    }
  });

  it('makes the same records for the same shop', () => {
    const a = newShop();
    const b = newShop();
    fillShop(a, { customers: 5, products: 5, orders: 5 });
    fillShop(b, { customers: 5, products: 5, orders: 5 });
    const strip = (shop: Shop) => [...shop.products.values()].map((p) => [p.id, p.title, p.variants.length]);
    expect(strip(a)).toEqual(strip(b));
  });
});
