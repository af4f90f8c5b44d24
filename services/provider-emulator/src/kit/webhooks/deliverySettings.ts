import { Joi } from '@datasync/config';

/**
 * How the emulator delivers webhooks. Stripe retries a failed delivery for up to three days with
 * an exponential backoff, may deliver an event more than once and does not keep events in order
 * (docs: "Best practices for using webhooks"); these settings compress that into test time.
 */
export interface DeliverySettings {
  /** Attempts per (event, endpoint) before the emulator gives up, the first one included. */
  maxAttempts: number;
  /** Wait before the second attempt; each later one waits twice as long. */
  retryBaseMs: number;
  /** Share (0–1) of deliveries sent a second time, a little later. */
  duplicateShare: number;
  /** Share (0–1) of deliveries held back by `reorderDelayMs`, so later events overtake them. */
  reorderShare: number;
  reorderDelayMs: number;
  /** How long an attempt waits for the endpoint's answer (Stripe: a few seconds) before it counts as failed. */
  timeoutMs: number;
}

export const DEFAULT_DELIVERY_SETTINGS: Readonly<DeliverySettings> = {
  maxAttempts: 6,
  retryBaseMs: 1_000,
  duplicateShare: 0,
  reorderShare: 0,
  reorderDelayMs: 500,
  timeoutMs: 10_000,
};

export interface DeliverySettingsBody {
  max_attempts?: number;
  retry_base_ms?: number;
  duplicate_share?: number;
  reorder_share?: number;
  reorder_delay_ms?: number;
  timeout_ms?: number;
}

export const deliverySettingsSchema = Joi.object<DeliverySettingsBody>({
  max_attempts: Joi.number().integer().min(1).max(50),
  retry_base_ms: Joi.number().integer().min(0).max(3_600_000),
  duplicate_share: Joi.number().min(0).max(1),
  reorder_share: Joi.number().min(0).max(1),
  reorder_delay_ms: Joi.number().integer().min(0).max(600_000),
  timeout_ms: Joi.number().integer().min(1).max(60_000),
});

export function applyDeliverySettings(settings: DeliverySettings, body: DeliverySettingsBody): void {
  if (body.max_attempts !== undefined) settings.maxAttempts = body.max_attempts;
  if (body.retry_base_ms !== undefined) settings.retryBaseMs = body.retry_base_ms;
  if (body.duplicate_share !== undefined) settings.duplicateShare = body.duplicate_share;
  if (body.reorder_share !== undefined) settings.reorderShare = body.reorder_share;
  if (body.reorder_delay_ms !== undefined) settings.reorderDelayMs = body.reorder_delay_ms;
  if (body.timeout_ms !== undefined) settings.timeoutMs = body.timeout_ms;
}

export function deliverySettingsView(settings: DeliverySettings) {
  return {
    max_attempts: settings.maxAttempts,
    retry_base_ms: settings.retryBaseMs,
    duplicate_share: settings.duplicateShare,
    reorder_share: settings.reorderShare,
    reorder_delay_ms: settings.reorderDelayMs,
    timeout_ms: settings.timeoutMs,
  };
}
