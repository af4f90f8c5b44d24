import Stripe from 'stripe';
import { WebhookRefusedError, webhookRefusals, type InboundEvent, type InboundWebhookScheme } from '../inboundWebhook';

const SIGNATURE_HEADER = 'Stripe-Signature';

/** Stripe's Connect lifecycle: an account connected to, or disconnected from, the platform's app. */
const CONNECT_LIFECYCLE: ReadonlyMap<string, boolean> = new Map([
  ['account.application.authorized', true],
  ['account.application.deauthorized', false],
]);

const refusals = {
  signatureMissing: () => new WebhookRefusedError('signature_missing', 'The Stripe-Signature header is missing.', SIGNATURE_HEADER),
  signatureInvalid: () =>
    new WebhookRefusedError(
      'signature_invalid',
      "The Stripe-Signature header does not match the body with any of the source's signing secrets.",
      SIGNATURE_HEADER,
    ),
  signatureExpired: (toleranceSeconds: number) =>
    new WebhookRefusedError(
      'signature_expired',
      `The Stripe-Signature timestamp is more than ${toleranceSeconds} seconds old.`,
      SIGNATURE_HEADER,
    ),
  notAnEvent: () => new WebhookRefusedError('event_invalid', 'The request body is not a Stripe event (id evt_…, type, object "event").'),
};

/**
 * Verifies `Stripe-Signature` over the exact bytes with the official SDK, against each of the
 * source's live secrets, then reads the event. A body signed with none of them, or signed longer
 * ago than the tolerance, is refused.
 */
export const stripeWebhooks: InboundWebhookScheme = {
  verify({ body, header, secrets, toleranceSeconds }) {
    const signature = header(SIGNATURE_HEADER);
    if (!signature) throw refusals.signatureMissing();
    if (secrets.length === 0) throw webhookRefusals.noSecret();
    let expired = false;
    for (const secret of secrets) {
      let parsed: unknown;
      try {
        parsed = Stripe.webhooks.constructEvent(body, signature, secret, toleranceSeconds);
      } catch (err) {
        if (err instanceof SyntaxError) throw webhookRefusals.invalidJson();
        if (err instanceof Error && /tolerance/i.test(err.message)) expired = true;
        continue;
      }
      return eventOf(parsed);
    }
    throw expired ? refusals.signatureExpired(toleranceSeconds) : refusals.signatureInvalid();
  },
  invalidEvent: refusals.notAnEvent,
};

function eventOf(parsed: unknown): InboundEvent {
  const event = parsed as { id?: unknown; type?: unknown; object?: unknown; account?: unknown; created?: unknown } | null;
  if (
    typeof event !== 'object' ||
    event === null ||
    typeof event.id !== 'string' ||
    !/^evt_[A-Za-z0-9]{1,250}$/.test(event.id) ||
    typeof event.type !== 'string' ||
    event.object !== 'event'
  ) {
    throw refusals.notAnEvent();
  }
  if (event.account !== undefined && event.account !== null && (typeof event.account !== 'string' || !/^acct_/.test(event.account))) {
    throw refusals.notAnEvent();
  }
  // A Connect event names its connected account; any other is the event of the app's own account.
  const account = typeof event.account === 'string' ? event.account : null;
  const created = Number.isSafeInteger(event.created) && (event.created as number) > 0 ? (event.created as number) : null;
  const authorized = account !== null ? CONNECT_LIFECYCLE.get(event.type) : undefined;
  return {
    id: event.id,
    type: event.type,
    providerAccountId: account,
    created,
    ...(authorized !== undefined ? { grant: { authorized } } : {}),
  };
}
