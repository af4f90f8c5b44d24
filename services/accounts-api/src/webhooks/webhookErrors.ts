import { ApiError, InvalidRequestError, NotFoundError } from '@datasync/errors';

// The endpoint's public errors (docs/webhooks.md). Stripe shows the status and body of a refused
// delivery in its dashboard, so each names what is wrong without saying anything about our data.
export const webhookErrors = {
  unknownSource: () => new NotFoundError('No webhook endpoint here: check the URL against GET /sources/{name}/webhook.', 'source_id'),
  signatureMissing: () =>
    new InvalidRequestError('The Stripe-Signature header is missing.', { code: 'signature_missing', param: 'Stripe-Signature' }),
  signatureInvalid: () =>
    new InvalidRequestError("The Stripe-Signature header does not match the body with any of the source's signing secrets.", {
      code: 'signature_invalid',
      param: 'Stripe-Signature',
    }),
  signatureExpired: (toleranceSeconds: number) =>
    new InvalidRequestError(`The Stripe-Signature timestamp is more than ${toleranceSeconds} seconds old.`, {
      code: 'signature_expired',
      param: 'Stripe-Signature',
    }),
  noSecret: () =>
    new InvalidRequestError('The source has no webhook signing secret yet: set one with PUT /sources/{name}/webhook_secret.', {
      code: 'webhook_secret_missing',
    }),
  invalidJson: () => new InvalidRequestError('The request body is not valid JSON.', { code: 'invalid_json' }),
  notAnEvent: () =>
    new InvalidRequestError('The request body is not a Stripe event (id evt_…, type, object "event").', { code: 'event_invalid' }),
  queueUnavailable: () =>
    new ApiError(503, 'api_error', 'The delivery could not be queued; the provider will deliver it again.', {
      code: 'service_unavailable',
    }),
};
