export { webhooksEnv, type WebhooksEnvConfig } from './config';
export { ALL_EVENTS, WEBHOOK_EVENT_TYPES, type WebhookEventType } from './eventTypes';
export { SIGNATURE_HEADER, generateSigningSecret, signatureHeader, verifySignature } from './signature';
export { DEFAULT_RETRY_POLICY, retryDelayMs, type RetryPolicy } from './backoff';
export { guardEndpointHost, parseEndpointUrl, type UrlGuard } from './endpointUrl';
export { emitAccountEvent, endpointsWanting, endpointsWantingQuery, type EmittedEvent, type EventData } from './webhookEvents.repository';
export { sealedSecretOf, type WebhookEndpoint } from './webhookEndpoints.repository';
export {
  claimDueDeliveries,
  recordFailure,
  recordSuccess,
  resendDelivery,
  type DueDelivery,
  type FailureResult,
} from './webhookDeliveries.lifecycle';
export { listDeliveries, type DeliveryView } from './webhookDeliveries.reader';
export { ATTEMPTS_KEPT, type AttemptOutcome, type AttemptView } from './webhookDeliveryAttempts.repository';
export { pruneWebhookEvents } from './webhookRetention';
export { sendEvent, type SendOptions } from './sendEvent';
export {
  MAX_ENDPOINTS_PER_ENVIRONMENT,
  WebhookEndpointsService,
  type CreatedEndpoint,
  type WebhookEndpointsDeps,
} from './webhookEndpoints.service';
export { deliverWebhook, type DeliverDeps } from './deliverWebhook';
export { toDeliveryJson, toEndpointJson } from './http/webhookEndpoints.mapper';
export {
  createEndpointBody,
  createdEndpointSchema,
  deliveryListQuery,
  deliveryListSchema,
  deliveryParams,
  deliverySchema,
  endpointListSchema,
  endpointParams,
  endpointSchema,
  updateEndpointBody,
} from './http/webhookEndpoints.schemas';
export {
  createEndpointExample,
  createdEndpointExample,
  deletedEndpointExample,
  deliveryExample,
  deliveryListExample,
  endpointExample,
  endpointListExample,
  updateEndpointExample,
} from './http/webhookEndpoints.examples';
