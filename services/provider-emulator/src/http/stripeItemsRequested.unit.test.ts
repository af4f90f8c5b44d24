import type { Request } from 'express';
import { STRIPE_LIKE_LATENCY, latencyFor } from '../kit/faults/latencyModel';
import { itemsRequested } from './stripeItemsRequested';

const request = (query: Record<string, string> = {}) => ({ query }) as unknown as Request;

describe('Stripe-like latency', () => {
  it('makes a page of 100 take a few hundred ms and a retrieve less', () => {
    const low = () => 0;
    const high = () => 0.999999;
    const page100 = itemsRequested(request({ limit: '100' }), '/v1/charges');
    const retrieve = itemsRequested(request(), '/v1/charges/ch_1');
    expect([latencyFor(STRIPE_LIKE_LATENCY, page100, low), latencyFor(STRIPE_LIKE_LATENCY, page100, high)]).toEqual([380, 500]);
    expect([latencyFor(STRIPE_LIKE_LATENCY, retrieve, low), latencyFor(STRIPE_LIKE_LATENCY, retrieve, high)]).toEqual([80, 200]);
  });

  it('counts the default page of 10 for lists without a limit, list URLs of embedded lists included', () => {
    expect(itemsRequested(request(), '/v1/customers')).toBe(10);
    expect(itemsRequested(request({ limit: '30' }), '/v1/invoices/in_1/lines')).toBe(30);
    expect(itemsRequested(request({ subscription: 'sub_1' }), '/v1/subscription_items')).toBe(10);
    expect(itemsRequested(request(), '/v1/account')).toBe(0);
  });

  it('adds nothing when latency is off', () => {
    expect(latencyFor({ min: 0, max: 0 }, 100, () => 0.5)).toBe(0);
  });
});
