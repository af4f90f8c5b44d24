import { ApiError, InvalidRequestError, NotFoundError } from '@datasync/errors';
import type { WebhookRefusedError } from '@datasync/providers';

// The endpoint's public errors (docs/webhooks.md). A provider shows the status and body of a
// refused delivery in its dashboard, so each names what is wrong without saying anything about
// our data. The signature and event refusals are the provider module's (its header, its event).
export const webhookErrors = {
  unknownSource: () => new NotFoundError('No webhook endpoint here: check the URL against GET /sources/{name}/webhook.', 'source_id'),
  refused: (err: WebhookRefusedError) =>
    new InvalidRequestError(err.message, { code: err.code, ...(err.param !== undefined ? { param: err.param } : {}) }),
  queueUnavailable: () =>
    new ApiError(503, 'api_error', 'The delivery could not be queued; the provider will deliver it again.', {
      code: 'service_unavailable',
    }),
};
