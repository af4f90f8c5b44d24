import { attachHook } from './attachHook';
import type { AccountHooks } from './hooks';
import { lifecycleHooks, type LifecycleHookOptions } from './lifecycleHooks';

/**
 * What a service that changes accounts tells the loader, through its queue: attach a new
 * account, pause or resume one, purge a deleted one, resync one. accounts-api and config-service
 * (the dashboard's accounts) both use exactly these.
 */
export function loaderHooks(options: LifecycleHookOptions): AccountHooks {
  return { ...lifecycleHooks(options), ...attachHook(options) };
}
