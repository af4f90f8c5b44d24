import type { DeliveryView } from '../webhookDeliveries.reader';
import type { WebhookEndpoint } from '../webhookEndpoints.repository';

const iso = (d: Date | null) => (d ? d.toISOString() : null);
const unix = (d: Date) => Math.floor(d.getTime() / 1000);

// The signing secret is never part of an endpoint's JSON; only the creation adds it, once.
export function toEndpointJson(endpoint: WebhookEndpoint) {
  return {
    id: endpoint.id,
    object: 'webhook_endpoint' as const,
    url: endpoint.url,
    enabled_events: endpoint.enabledEvents,
    status: endpoint.status,
    disabled_reason: endpoint.disabledReason,
    failing_since: iso(endpoint.failingSince),
    created: unix(endpoint.createdAt),
  };
}

export function toDeliveryJson(delivery: DeliveryView) {
  return {
    id: delivery.id,
    object: 'webhook_delivery' as const,
    event: { id: delivery.eventId, type: delivery.eventType, created: unix(delivery.eventCreated) },
    status: delivery.status,
    attempts: delivery.attempts,
    last_status_code: delivery.lastStatusCode,
    last_latency_ms: delivery.lastLatencyMs,
    last_error: delivery.lastError,
    last_attempt_at: iso(delivery.lastAttemptAt),
    next_attempt_at: iso(delivery.nextAttemptAt),
    attempt_log: delivery.attemptLog.map((a) => ({
      attempt: a.attempt,
      attempted_at: a.attemptedAt.toISOString(),
      status_code: a.statusCode,
      latency_ms: a.latencyMs,
      error: a.error,
    })),
  };
}
