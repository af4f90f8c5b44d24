import { SignedDelivery } from '../../kit';
import type { OAuthApp } from '../auth/oauthModel';
import type { AppWebhooks } from '../portal/commands';
import { webhookHeaders } from './hubspotSignature';
import type { RaisedEvent } from './webhookEvent';

/** HubSpot sends at most 100 events per request. */
const MAX_BATCH = 100;

export interface WebhookRouting {
  installedApps(portalId: number): OAuthApp[];
  webhooksOf(clientId: string): AppWebhooks | undefined;
}

/**
 * HubSpot's webhook delivery: each app's subscriptions apply to every portal that installed it;
 * events of one change are POSTed together as a JSON array (up to 100), signed with the app's
 * client secret (v1 and v3 headers), retried on failure. Event ids count up per emulator.
 */
export class WebhookDispatcher {
  readonly delivery = new SignedDelivery<{ delivery: string; target: string }>();
  private routing: WebhookRouting | undefined;
  private eventId = 1;
  private subscriptionIds = new Map<string, number>();

  route(routing: WebhookRouting): void {
    this.routing = routing;
  }

  raise(portalId: number, events: RaisedEvent[]): void {
    if (!this.routing || events.length === 0) return;
    for (const app of this.routing.installedApps(portalId)) {
      const webhooks = this.routing.webhooksOf(app.clientId);
      if (!webhooks) continue;
      const wanted = events.filter((event) => webhooks.subscriptions.includes(event.subscriptionType));
      for (let i = 0; i < wanted.length; i += MAX_BATCH) this.send(app, webhooks.targetUrl, portalId, wanted.slice(i, i + MAX_BATCH));
    }
  }

  close(): void {
    this.delivery.close();
  }

  private send(app: OAuthApp, targetUrl: string, portalId: number, events: RaisedEvent[]): void {
    const stamped = events.map((event) => ({
      eventId: this.eventId++,
      subscriptionId: this.subscriptionId(app.appId, event.subscriptionType),
      portalId,
      appId: app.appId,
      occurredAt: event.occurredAt,
      subscriptionType: event.subscriptionType,
      objectId: event.objectId,
      changeSource: 'CRM',
      ...(event.propertyName === undefined ? {} : { propertyName: event.propertyName, propertyValue: event.propertyValue }),
      ...(event.primaryObjectId === undefined
        ? {}
        : { primaryObjectId: event.primaryObjectId, mergedObjectIds: event.mergedObjectIds, newObjectId: event.newObjectId }),
    }));
    const first = stamped[0]?.eventId ?? 0;
    this.delivery.send({
      label: { delivery: `${app.appId}:${first}`, target: targetUrl },
      url: targetUrl,
      // attemptNumber counts retries from 0: the body, and so the signature, differ per attempt.
      body: (attempt) => JSON.stringify(stamped.map((event) => ({ ...event, attemptNumber: attempt - 1 }))),
      headers: (_attempt, timestamp, body) => webhookHeaders(app.clientSecret, targetUrl, body, timestamp),
    });
  }

  private subscriptionId(appId: number, type: string): number {
    const key = `${appId}:${type}`;
    let id = this.subscriptionIds.get(key);
    if (id === undefined) this.subscriptionIds.set(key, (id = 100_000 + this.subscriptionIds.size));
    return id;
  }
}
