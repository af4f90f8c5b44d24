import { TokenStore } from '../auth/tokenStore';
import { ShopifyWebhooks } from '../webhooks/shopifyWebhooks';
import type { Shop } from './shop';

export interface ShopifyApp {
  clientId: string;
  clientSecret: string;
  name: string;
  /** Shops the app is installed on. */
  installs: Set<string>;
}

/** Everything the Shopify emulator holds: shops by domain, apps by client id, tokens, webhooks. */
export class ShopifyState {
  readonly shops = new Map<string, Shop>();
  readonly apps = new Map<string, ShopifyApp>();
  readonly tokens = new TokenStore();
  readonly webhooks = new ShopifyWebhooks((clientId) => this.apps.get(clientId)?.clientSecret);

  addShop(shop: Shop): void {
    this.shops.set(shop.spec.domain, shop);
    shop.onChange = (change) => this.webhooks.deliver(shop.spec.domain, change, shop.now());
  }

  close(): void {
    this.webhooks.close();
  }
}
