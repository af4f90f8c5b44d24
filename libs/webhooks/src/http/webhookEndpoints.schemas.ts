// The public JSON of webhook endpoints, shared by the Accounts API and config-service's API (the dashboard).
import Joi from 'joi';
import { ATTEMPTS_KEPT } from '../webhookDeliveryAttempts.repository';
import { ALL_EVENTS, WEBHOOK_EVENT_TYPES } from '../eventTypes';

const EVENT_RULE = `must be one of: ${[ALL_EVENTS, ...WEBHOOK_EVENT_TYPES].join(', ')}`;

export const endpointParams = Joi.object({
  id: Joi.string().uuid().required().messages({ 'string.guid': '{#label} must be a webhook endpoint id' }),
});

export const deliveryParams = endpointParams.keys({
  delivery_id: Joi.string().uuid().required().messages({ 'string.guid': '{#label} must be a delivery id' }),
});

export const createEndpointBody = Joi.object({
  url: Joi.string()
    .max(2048)
    .required()
    .description('where events are POSTed; https in a production environment, and a host on the public internet'),
  enabled_events: Joi.array()
    .items(
      Joi.string()
        .valid(ALL_EVENTS, ...WEBHOOK_EVENT_TYPES)
        .messages({ 'any.only': `{#label} ${EVENT_RULE}` }),
    )
    .min(1)
    .required()
    .description(`event types to send, or ["${ALL_EVENTS}"] for every type`),
});

export const endpointSchema = Joi.object({
  id: Joi.string().required(),
  object: Joi.string().valid('webhook_endpoint').required(),
  url: Joi.string().required(),
  enabled_events: Joi.array().items(Joi.string()).required(),
  status: Joi.string().valid('enabled', 'disabled').required(),
  disabled_reason: Joi.string().allow(null).required().description('why the endpoint was disabled (it failed for days)'),
  failing_since: Joi.string()
    .isoDate()
    .allow(null)
    .required()
    .description('since when every delivery has failed; null: the last one succeeded'),
  created: Joi.number().integer().required().description('unix seconds'),
}).meta({ component: 'WebhookEndpoint' });

export const createdEndpointSchema = endpointSchema
  .keys({ secret: Joi.string().required().description('the signing secret (whsec_…); shown in this answer only, never again') })
  .meta({ component: 'CreatedWebhookEndpoint' });

export const endpointListSchema = Joi.object({
  data: Joi.array().items(endpointSchema).required(),
}).meta({ component: 'WebhookEndpointList' });

export const deliverySchema = Joi.object({
  id: Joi.string().required(),
  object: Joi.string().valid('webhook_delivery').required(),
  event: Joi.object({ id: Joi.string().required(), type: Joi.string().required(), created: Joi.number().integer().required() }).required(),
  status: Joi.string().valid('pending', 'succeeded', 'failed').required(),
  attempts: Joi.number().integer().required(),
  last_status_code: Joi.number().integer().allow(null).required().description("the endpoint's HTTP status at the last attempt"),
  last_latency_ms: Joi.number().integer().allow(null).required(),
  last_error: Joi.string().allow(null).required(),
  last_attempt_at: Joi.string().isoDate().allow(null).required(),
  next_attempt_at: Joi.string().isoDate().allow(null).required().description('when a pending delivery is tried next'),
  attempt_log: Joi.array()
    .items(
      Joi.object({
        attempt: Joi.number().integer().min(1).required(),
        attempted_at: Joi.string().isoDate().required(),
        status_code: Joi.number().integer().allow(null).required().description("the endpoint's HTTP status; null: no answer"),
        latency_ms: Joi.number().integer().required(),
        error: Joi.string().allow(null).required().description('why the attempt failed (never the response body); null on success'),
      }).meta({ component: 'WebhookDeliveryAttempt' }),
    )
    .required()
    .description(`every attempt of the delivery, newest first (the latest ${ATTEMPTS_KEPT})`),
}).meta({ component: 'WebhookDelivery' });

export const deliveryListSchema = Joi.object({ data: Joi.array().items(deliverySchema).required() }).meta({
  component: 'WebhookDeliveryList',
});

export const deliveryListQuery = Joi.object({
  limit: Joi.number().integer().min(1).max(100).default(20).description('deliveries, newest event first, 1-100 (default 20)'),
});

export const updateEndpointBody = Joi.object({
  url: Joi.string().max(2048).description('a new URL, checked as at creation'),
  enabled_events: Joi.array()
    .items(
      Joi.string()
        .valid(ALL_EVENTS, ...WEBHOOK_EVENT_TYPES)
        .messages({ 'any.only': `{#label} ${EVENT_RULE}` }),
    )
    .min(1)
    .description('the event types to send from now on'),
  disabled: Joi.boolean().description('false enables a disabled endpoint again (its failing streak starts over); true stops deliveries'),
})
  .min(1)
  .messages({ 'object.min': 'send at least one of url, enabled_events, disabled' });
