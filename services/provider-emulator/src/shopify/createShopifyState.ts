import { ShopifyState } from './shop/shopifyState';

/** The Shopify emulator's state, empty: shops and apps come from `/_emulator/shopify`. */
export function createShopifyState(): ShopifyState {
  return new ShopifyState();
}
