// Examples of the webhook endpoints' JSON, shown in both APIs' OpenAPI documents (which check
// them against webhookEndpoints.schemas.ts).

const endpointId = '5b0c8a4e-3f1d-4c27-9a8e-6d2f1b7c9e10';

export const createEndpointExample = { url: 'https://hooks.example.com/datasync', enabled_events: ['account.live', 'account.error'] };

export const updateEndpointExample = { enabled_events: ['*'] };

export const endpointExample = {
  id: endpointId,
  object: 'webhook_endpoint',
  url: 'https://hooks.example.com/datasync',
  enabled_events: ['account.live', 'account.error'],
  status: 'enabled',
  disabled_reason: null,
  failing_since: null,
  created: 1_741_944_413,
};

export const createdEndpointExample = { ...endpointExample, secret: 'whsec_3kXq9ZpL2mN7vB4cR8tY1wE6' };

export const endpointListExample = { data: [endpointExample] };

export const deletedEndpointExample = { id: endpointId, object: 'webhook_endpoint', deleted: true };

export const deliveryExample = {
  id: 'e1f7a3c2-9b4d-4e8a-b6c1-2d3f4a5b6c7d',
  object: 'webhook_delivery',
  event: { id: 'evt_4f9c2a7e1b3d5f6a8c0e2b4d', type: 'account.live', created: 1_741_944_500 },
  status: 'succeeded',
  attempts: 2,
  last_status_code: 200,
  last_latency_ms: 84,
  last_error: null,
  last_attempt_at: '2025-03-14T09:30:12.000Z',
  next_attempt_at: null,
  attempt_log: [
    { attempt: 2, attempted_at: '2025-03-14T09:30:12.000Z', status_code: 200, latency_ms: 84, error: null },
    { attempt: 1, attempted_at: '2025-03-14T09:28:20.000Z', status_code: 503, latency_ms: 131, error: 'HTTP 503' },
  ],
};

export const deliveryListExample = { data: [deliveryExample] };
