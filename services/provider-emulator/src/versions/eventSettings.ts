import { Joi } from '@datasync/config';
import type { EmulatorAccount } from '../state/account';
import { API_VERSION_PATTERN } from './apiVersions';

/** How an account's events are made: the version they are rendered in, and how many show up late. */
export interface EventSettingsBody {
  api_version?: string;
  late_share?: number;
  late_delay_ms?: number;
}

export const apiVersionSchema = Joi.string()
  .pattern(API_VERSION_PATTERN)
  .message('"api_version" must be a Stripe API version such as 2024-06-20 or 2025-03-31.basil');

export const eventSettingsSchema = Joi.object({
  api_version: apiVersionSchema,
  late_share: Joi.number().min(0).max(1),
  late_delay_ms: Joi.number().integer().min(0).max(3_600_000),
});

/** Applies to events created from now on; events already created keep their version and visibility. */
export function applyEventSettings(account: EmulatorAccount, body: EventSettingsBody): void {
  const log = account.events;
  if (body.api_version !== undefined) log.apiVersion = body.api_version;
  if (body.late_share !== undefined || body.late_delay_ms !== undefined) {
    log.lateVisibility = { share: body.late_share ?? log.lateVisibility.share, delayMs: body.late_delay_ms ?? log.lateVisibility.delayMs };
  }
}

/** The settings as the admin API shows them. */
export function eventSettingsView(account: EmulatorAccount): Required<EventSettingsBody> {
  const log = account.events;
  return { api_version: log.apiVersion, late_share: log.lateVisibility.share, late_delay_ms: log.lateVisibility.delayMs };
}
