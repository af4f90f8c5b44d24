import Stripe from 'stripe';
import { webhookErrors } from './webhookErrors';

/** What a verified delivery holds that routing needs; the rest of the event is not read (the poll reads the provider). */
export interface VerifiedEvent {
  id: string;
  type: string;
  /** Set on a Connect event: the connected account (`acct_…`) it happened on. */
  account: string | null;
  /** Unix seconds; null when missing (Stripe always sends it; only the Connect lifecycle needs it). */
  created: number | null;
}

/**
 * Verifies `Stripe-Signature` over the exact bytes with the official SDK, against each of the
 * source's live secrets (several while one is rotated out), then reads the event. Throws the
 * endpoint's 400s: a body signed with none of them, or signed longer ago than `toleranceSeconds`.
 */
export function verifyStripeEvent(
  body: Buffer,
  header: string | undefined,
  secrets: readonly string[],
  toleranceSeconds: number,
): VerifiedEvent {
  if (!header) throw webhookErrors.signatureMissing();
  if (secrets.length === 0) throw webhookErrors.noSecret();
  let expired = false;
  for (const secret of secrets) {
    let parsed: unknown;
    try {
      parsed = Stripe.webhooks.constructEvent(body, header, secret, toleranceSeconds);
    } catch (err) {
      if (err instanceof SyntaxError) throw webhookErrors.invalidJson();
      if (err instanceof Error && /tolerance/i.test(err.message)) expired = true;
      continue;
    }
    return eventOf(parsed);
  }
  throw expired ? webhookErrors.signatureExpired(toleranceSeconds) : webhookErrors.signatureInvalid();
}

function eventOf(parsed: unknown): VerifiedEvent {
  const event = parsed as { id?: unknown; type?: unknown; object?: unknown; account?: unknown; created?: unknown } | null;
  if (
    typeof event !== 'object' ||
    event === null ||
    typeof event.id !== 'string' ||
    !/^evt_[A-Za-z0-9]{1,250}$/.test(event.id) ||
    typeof event.type !== 'string' ||
    event.object !== 'event'
  ) {
    throw webhookErrors.notAnEvent();
  }
  if (event.account !== undefined && event.account !== null && (typeof event.account !== 'string' || !/^acct_/.test(event.account))) {
    throw webhookErrors.notAnEvent();
  }
  return {
    id: event.id,
    type: event.type,
    account: typeof event.account === 'string' ? event.account : null,
    created: Number.isSafeInteger(event.created) && (event.created as number) > 0 ? (event.created as number) : null,
  };
}
