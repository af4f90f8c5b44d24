/** The events an endpoint can ask for (docs/webhook-endpoints.md lists each payload). */
export const WEBHOOK_EVENT_TYPES = [
  'account.attached',
  'account.backfill_completed',
  'account.live',
  'account.error',
  'account.recovered',
  'account.paused',
  'account.resumed',
  'account.deleted',
  'account.verified',
  'account.table_recreated',
] as const;

export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];

/** `enabled_events: ["*"]` asks for every type, those added later included. */
export const ALL_EVENTS = '*';
