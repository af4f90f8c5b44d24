import { randomUUID } from 'node:crypto';
import type { SecretBox } from '@datasync/crypto';
import { TABLES, sealedPlace, type Knex } from '@datasync/db';
import { InvalidRequestError, NotFoundError } from '@datasync/errors';
import { guardEndpointHost, parseEndpointUrl, type UrlGuard } from './endpointUrl';
import { ALL_EVENTS, WEBHOOK_EVENT_TYPES } from './eventTypes';
import { generateSigningSecret } from './signature';
import { listDeliveries, type DeliveryView } from './webhookDeliveries.reader';
import { resendDelivery } from './webhookDeliveries.lifecycle';
import {
  countEndpoints,
  deleteEndpoint,
  findEndpoint,
  insertEndpoint,
  listEndpoints,
  updateEndpoint,
  type WebhookEndpoint,
} from './webhookEndpoints.repository';

/** Enough for an integrator's systems; a bound, so that one environment cannot fan every event out without end. */
export const MAX_ENDPOINTS_PER_ENVIRONMENT = 16;

export interface WebhookEndpointsDeps {
  knex: Knex;
  secretBox: SecretBox;
  guard: UrlGuard;
}

export interface CreatedEndpoint {
  endpoint: WebhookEndpoint;
  /** Shown once, in the answer to the creation; stored sealed, never returned again. */
  secret: string;
}

/** Webhook endpoints of an environment: the one code path of the Accounts API and the dashboard. */
export class WebhookEndpointsService {
  constructor(private readonly deps: WebhookEndpointsDeps) {}

  async create(environmentId: string, input: { url: string; enabledEvents: string[] }): Promise<CreatedEndpoint> {
    const { knex, secretBox, guard } = this.deps;
    const environment = (await knex(TABLES.environments).where({ id: environmentId }).first('name')) as { name: string } | undefined;
    if (!environment) throw new NotFoundError('No such environment.');
    const url = parseEndpointUrl(input.url, environment.name);
    await guardEndpointHost(url, guard);
    const enabledEvents = normalizeEvents(input.enabledEvents);
    if ((await countEndpoints(knex, environmentId)) >= MAX_ENDPOINTS_PER_ENVIRONMENT) {
      throw new InvalidRequestError(`An environment has at most ${MAX_ENDPOINTS_PER_ENVIRONMENT} webhook endpoints; delete one first.`, {
        code: 'too_many_endpoints',
      });
    }
    const id = randomUUID();
    const secret = generateSigningSecret();
    const sealedSecret = secretBox.seal(secret, environmentId, sealedPlace('webhookSigningSecret', id));
    const endpoint = await insertEndpoint(knex, { id, environmentId, url: url.toString(), enabledEvents, sealedSecret });
    return { endpoint, secret };
  }

  list(environmentId: string): Promise<WebhookEndpoint[]> {
    return listEndpoints(this.deps.knex, environmentId);
  }

  async get(environmentId: string, id: string): Promise<WebhookEndpoint> {
    const endpoint = await findEndpoint(this.deps.knex, environmentId, id);
    if (!endpoint) throw new NotFoundError('No such webhook endpoint in this environment.', 'id');
    return endpoint;
  }

  /** Changes the URL (checked as at creation), the event types, or whether it is disabled. */
  async update(
    environmentId: string,
    id: string,
    input: { url?: string; enabledEvents?: string[]; disabled?: boolean },
  ): Promise<WebhookEndpoint> {
    const { knex, guard } = this.deps;
    await this.get(environmentId, id);
    let url: string | undefined;
    if (input.url !== undefined) {
      const environment = (await knex(TABLES.environments).where({ id: environmentId }).first('name')) as { name: string };
      const parsed = parseEndpointUrl(input.url, environment.name);
      await guardEndpointHost(parsed, guard);
      url = parsed.toString();
    }
    const changes = {
      ...(url !== undefined ? { url } : {}),
      ...(input.enabledEvents !== undefined ? { enabledEvents: normalizeEvents(input.enabledEvents) } : {}),
      ...(input.disabled !== undefined ? { disabled: input.disabled } : {}),
    };
    const updated = await updateEndpoint(knex, environmentId, id, changes);
    if (!updated) throw new NotFoundError('No such webhook endpoint in this environment.', 'id');
    return updated;
  }

  async delete(environmentId: string, id: string): Promise<WebhookEndpoint> {
    const endpoint = await this.get(environmentId, id);
    await deleteEndpoint(this.deps.knex, environmentId, id);
    return endpoint;
  }

  async deliveries(environmentId: string, endpointId: string, limit: number): Promise<DeliveryView[]> {
    await this.get(environmentId, endpointId);
    return listDeliveries(this.deps.knex, endpointId, limit);
  }

  /** Sends a delivery again (at once, by the loader's dispatcher), whatever its state. */
  async resend(environmentId: string, endpointId: string, deliveryId: string): Promise<DeliveryView> {
    await this.get(environmentId, endpointId);
    if (!(await resendDelivery(this.deps.knex, endpointId, deliveryId))) {
      throw new NotFoundError('No such delivery for this webhook endpoint.', 'delivery_id');
    }
    const [view] = await listDeliveries(this.deps.knex, endpointId, 1, deliveryId);
    return view as DeliveryView;
  }
}

function normalizeEvents(events: string[]): string[] {
  const unknown = events.filter((e) => e !== ALL_EVENTS && !(WEBHOOK_EVENT_TYPES as readonly string[]).includes(e));
  if (unknown.length > 0) {
    throw new InvalidRequestError(`enabled_events has unknown event types: ${unknown.join(', ')}.`, {
      code: 'parameter_invalid',
      param: 'enabled_events',
    });
  }
  return [...new Set(events)].sort();
}
