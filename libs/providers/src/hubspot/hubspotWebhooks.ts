import { createHmac, timingSafeEqual } from 'node:crypto';
import { WebhookRefusedError, webhookRefusals, type InboundBatchScheme, type InboundEvent, type InboundRequest } from '../inboundWebhook';

const SIGNATURE_HEADER = 'X-HubSpot-Signature-v3';
const TIMESTAMP_HEADER = 'X-HubSpot-Request-Timestamp';

/**
 * HubSpot signs the URI with these characters decoded (request-validation guide, v3): the
 * receiver decodes exactly these and nothing else, so `%20` or `%26` stay as they came.
 */
const DECODED: Readonly<Record<string, string>> = {
  '%3A': ':',
  '%2F': '/',
  '%3F': '?',
  '%40': '@',
  '%21': '!',
  '%24': '$',
  '%27': "'",
  '%28': '(',
  '%29': ')',
  '%2A': '*',
  '%2C': ',',
  '%3B': ';',
};

/** The request URI as HubSpot signs it: the listed percent-encodings decoded (either case of hex). */
export function hubspotSignedUri(uri: string): string {
  return uri.replace(/%[0-9A-Fa-f]{2}/g, (escape) => DECODED[escape.toUpperCase()] ?? escape);
}

/** v3: base64 HMAC-SHA256, keyed by the app's client secret, of method + URI + body + timestamp (ms). */
export function hubspotSignatureV3(input: {
  clientSecret: string;
  method: string;
  uri: string;
  body: Buffer | string;
  timestamp: string;
}): string {
  return createHmac('sha256', input.clientSecret)
    .update(`${input.method.toUpperCase()}${hubspotSignedUri(input.uri)}`, 'utf8')
    .update(input.body)
    .update(input.timestamp, 'utf8')
    .digest('base64');
}

const refusals = {
  signatureMissing: () => new WebhookRefusedError('signature_missing', `The ${SIGNATURE_HEADER} header is missing.`, SIGNATURE_HEADER),
  timestampMissing: () =>
    new WebhookRefusedError(
      'timestamp_invalid',
      `The ${TIMESTAMP_HEADER} header is missing or not a time in milliseconds.`,
      TIMESTAMP_HEADER,
    ),
  signatureExpired: (toleranceSeconds: number) =>
    new WebhookRefusedError(
      'signature_expired',
      `The ${TIMESTAMP_HEADER} is more than ${toleranceSeconds} seconds away from now.`,
      TIMESTAMP_HEADER,
    ),
  signatureInvalid: () =>
    new WebhookRefusedError(
      'signature_invalid',
      `The ${SIGNATURE_HEADER} header does not match the request with the client secret of the source's app.`,
      SIGNATURE_HEADER,
    ),
  notABatch: () =>
    new WebhookRefusedError(
      'event_invalid',
      'The request body is not a HubSpot webhook batch (an array of events, each with eventId, subscriptionType, portalId, occurredAt).',
    ),
};

export interface HubspotWebhooksOptions {
  /** The clock the timestamp is checked against (ms). */
  now?: () => number;
}

/**
 * HubSpot app webhooks: a batch of events, signed with `X-HubSpot-Signature-v3` by the app's
 * client secret (the source's signing secrets, newest first). A batch older than the tolerance
 * (HubSpot says 5 minutes) is refused, and so is one as far in the future: a signed timestamp is
 * what bounds a replay. Each event names its portal: a poke for that portal's accounts.
 */
export function hubspotWebhooks(options: HubspotWebhooksOptions = {}): InboundBatchScheme {
  return {
    verifyBatch({ body, header, secrets, toleranceSeconds, request }) {
      const signature = header(SIGNATURE_HEADER);
      if (!signature) throw refusals.signatureMissing();
      const timestamp = header(TIMESTAMP_HEADER);
      if (!timestamp || !/^\d{1,16}$/.test(timestamp)) throw refusals.timestampMissing();
      if (secrets.length === 0) throw webhookRefusals.noSecret();
      const now = options.now?.() ?? Date.now();
      if (Math.abs(now - Number(timestamp)) > toleranceSeconds * 1000) throw refusals.signatureExpired(toleranceSeconds);
      if (!secrets.some((clientSecret) => matches(signature, { clientSecret, ...request, body, timestamp }))) {
        throw refusals.signatureInvalid();
      }
      return eventsOf(body);
    },
  };
}

function matches(signature: string, input: { clientSecret: string; body: Buffer; timestamp: string } & InboundRequest): boolean {
  const expected = Buffer.from(hubspotSignatureV3(input), 'utf8');
  const given = Buffer.from(signature, 'utf8');
  return given.length === expected.length && timingSafeEqual(given, expected);
}

interface HubspotEventBody {
  eventId?: unknown;
  subscriptionId?: unknown;
  portalId?: unknown;
  occurredAt?: unknown;
  subscriptionType?: unknown;
}

const isId = (value: unknown): value is number | string =>
  (typeof value === 'number' && Number.isSafeInteger(value) && value >= 0) || (typeof value === 'string' && /^\d{1,20}$/.test(value));

function eventsOf(body: Buffer): InboundEvent[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(body.toString('utf8'));
  } catch {
    throw webhookRefusals.invalidJson();
  }
  if (!Array.isArray(parsed) || parsed.length === 0) throw refusals.notABatch();
  return parsed.map((item: unknown) => {
    const event = item as HubspotEventBody | null;
    if (
      typeof event !== 'object' ||
      event === null ||
      !isId(event.eventId) ||
      !isId(event.portalId) ||
      typeof event.subscriptionType !== 'string' ||
      !/^[A-Za-z0-9_.]{1,100}$/.test(event.subscriptionType) ||
      typeof event.occurredAt !== 'number' ||
      !Number.isSafeInteger(event.occurredAt) ||
      event.occurredAt <= 0
    ) {
      throw refusals.notABatch();
    }
    const portalId = String(event.portalId);
    // HubSpot does not promise eventId is unique; with the portal and the time it is, and a
    // retried delivery (attemptNumber + 1) keeps all three, so a replay is still one event.
    return {
      id: `${portalId}-${String(event.eventId)}-${event.occurredAt}`,
      type: event.subscriptionType,
      providerAccountId: portalId,
      created: Math.floor(event.occurredAt / 1000),
    };
  });
}

/** The portals a verified batch pokes, each once, in the batch's order. */
export function pokedPortals(events: readonly InboundEvent[]): string[] {
  return [...new Set(events.flatMap((e) => (e.providerAccountId === null ? [] : [e.providerAccountId])))];
}
