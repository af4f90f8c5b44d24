import { createHmac, randomUUID } from 'node:crypto';
import { SignedDelivery } from '../../kit';
import { SHOPIFY_ADMIN_VERSION } from '../schema/adminSchema';
import type { RecordChange } from '../shop/shop';

export interface WebhookSubscription {
  shop: string;
  clientId: string;
  topic: string;
  address: string;
}

/** `X-Shopify-Hmac-SHA256`: base64 HMAC-SHA256 of the raw body, keyed with the app's client secret. */
export function shopifyHmac(body: string, secret: string): string {
  return createHmac('sha256', secret).update(body, 'utf8').digest('base64');
}

/**
 * Delivers record changes to the subscriptions of their topic, signed as Shopify signs, with
 * its headers (topic, shop, API version, webhook id, trigger time), through the kit's delivery.
 */
export class ShopifyWebhooks {
  readonly delivery = new SignedDelivery<{ delivery: string; topic: string }>();
  readonly subscriptions: WebhookSubscription[] = [];

  constructor(private readonly secretOf: (clientId: string) => string | undefined) {}

  deliver(shop: string, change: RecordChange, triggeredAt: number): void {
    for (const subscription of this.subscriptions) {
      const secret = this.secretOf(subscription.clientId);
      if (subscription.shop !== shop || subscription.topic !== change.topic || !secret) continue;
      const webhookId = randomUUID();
      const body = JSON.stringify(change.payload);
      this.delivery.send({
        label: { delivery: webhookId, topic: change.topic },
        url: subscription.address,
        body: () => body,
        headers: () => ({
          'x-shopify-topic': change.topic,
          'x-shopify-hmac-sha256': shopifyHmac(body, secret),
          'x-shopify-shop-domain': shop,
          'x-shopify-api-version': SHOPIFY_ADMIN_VERSION,
          'x-shopify-webhook-id': webhookId,
          'x-shopify-event-id': randomUUID(),
          'x-shopify-triggered-at': new Date(triggeredAt).toISOString(),
        }),
      });
    }
  }

  close(): void {
    this.delivery.close();
  }
}
