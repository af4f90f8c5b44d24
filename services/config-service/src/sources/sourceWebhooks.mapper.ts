import type { SourceWebhook } from './sourceWebhooks.service';

/** The secrets themselves never leave their sealed column: only when each was set and until when it verifies. */
export function toSourceWebhookJson(webhook: SourceWebhook) {
  return {
    url: webhook.url,
    enabled_events: webhook.enabledEvents,
    secret_set: webhook.secrets.length > 0,
    secrets: webhook.secrets.map((secret) => ({
      id: secret.id,
      created_at: secret.createdAt.toISOString(),
      expires_at: secret.expiresAt?.toISOString() ?? null,
    })),
    last_received_at: webhook.lastReceivedAt?.toISOString() ?? null,
    unrouted_events: webhook.unroutedEvents,
    connect_lifecycle: webhook.connectLifecycle,
  };
}
