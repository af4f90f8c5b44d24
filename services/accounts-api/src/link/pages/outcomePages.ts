import type { ApiError } from '@datasync/errors';
import { getProvider, providerModule } from '@datasync/providers';
import type { Closed, LinkContext } from '../linkPage.service';
import { resultUrl, type ReturnReason } from '../returnUrl';
import { messagePage, type PageAction } from './messagePage';

export interface RenderedPage {
  status: number;
  html: string;
}

const labelOf = (context: LinkContext) => getProvider(context.source.provider).label;
const untilOf = (context: LinkContext) => `${context.session.expiresAt.toISOString().slice(11, 16)} UTC`;

function returnAction(context: LinkContext, reason: ReturnReason): PageAction {
  return {
    label: `Return to ${context.source.organizationName}`,
    href: resultUrl(context.session.returnUrl, context.session.id, { status: 'error', reason }),
  };
}

/** Too many keys refused from this client address, on any link: the form stays, for later. */
export function addressLimitedPage(context: LinkContext): RenderedPage {
  return {
    status: 429,
    html: messagePage({
      organizationName: context.source.organizationName,
      tone: 'warn',
      title: 'Too many attempts',
      message: [`Too many keys were refused from your network recently. Nothing was connected.`, 'Wait an hour, then open the link again.'],
    }),
  };
}

/** Links that cannot be used: unknown or forged, expired, used, revoked (or closed after refused keys), or busy in another tab. */
export function closedPage(closed: Closed): RenderedPage {
  if (closed.kind === 'not_found') {
    return {
      status: 404,
      html: messagePage({
        tone: 'error',
        title: 'This link is not valid',
        message: [
          'It may be incomplete: open the whole link from the message you received.',
          'If it still does not work, ask the company that sent it for a new link. Nothing was connected.',
        ],
      }),
    };
  }
  const { context } = closed;
  const org = context.source.organizationName;
  const provider = labelOf(context);
  const base = { organizationName: org };
  switch (closed.kind) {
    case 'expired':
      return {
        status: 410,
        html: messagePage({
          ...base,
          tone: 'warn',
          title: 'This link has expired',
          message: [
            `Links to connect a ${provider} account are valid for a limited time, and this one has run out. Nothing was connected.`,
            `Ask ${org} for a new link.`,
          ],
          actions: [returnAction(context, 'link_expired')],
        }),
      };
    case 'used':
      return {
        status: 410,
        html: messagePage({
          ...base,
          tone: 'info',
          title: 'This link has already been used',
          message: [
            `A ${provider} account was already connected to ${org} with it; each link works once.`,
            `To connect another account, ask ${org} for a new link.`,
          ],
          actions: [returnAction(context, 'link_used')],
        }),
      };
    case 'revoked':
      return {
        status: 410,
        html: messagePage({
          ...base,
          tone: 'warn',
          title: 'This link was cancelled',
          message: [
            `${org} cancelled this link, so it can no longer connect an account. Nothing was connected.`,
            `Ask ${org} for a new link if you still want to connect.`,
          ],
          actions: [returnAction(context, 'link_revoked')],
        }),
      };
    case 'locked':
      return {
        status: 410,
        html: messagePage({
          ...base,
          tone: 'warn',
          title: 'This link can no longer be used',
          message: [
            `${provider} refused too many keys entered with this link, so it was closed to keep accounts safe. Nothing was connected.`,
            `Ask ${org} for a new link, and copy the key from your ${provider} dashboard.`,
          ],
          actions: [returnAction(context, 'too_many_attempts')],
        }),
      };
    case 'busy':
      return {
        status: 409,
        html: messagePage({
          ...base,
          tone: 'warn',
          title: 'This link is being used in another window',
          message: ['An account is being connected with this link right now. Finish there, or open the link again in a minute.'],
        }),
      };
  }
}

export function deniedPage(context: LinkContext): RenderedPage {
  const org = context.source.organizationName;
  return {
    status: 200,
    html: messagePage({
      organizationName: org,
      tone: 'info',
      title: 'You chose not to connect',
      message: [
        `You declined access on the ${labelOf(context)} page, so ${org} gets no access and nothing was connected.`,
        `Changed your mind? Open the link ${org} sent you again; it stays valid until ${untilOf(context)}.`,
      ],
      actions: [returnAction(context, 'access_denied')],
    }),
  };
}

export function providerErrorPage(context: LinkContext, code: string): RenderedPage {
  const provider = labelOf(context);
  const org = context.source.organizationName;
  const unreachable = code === 'provider_unreachable';
  return {
    // A code the provider refused makes the callback a bad request; an absent provider is a bad gateway.
    status: unreachable ? 502 : 400,
    html: messagePage({
      organizationName: org,
      tone: 'error',
      title: `${provider} could not complete the connection`,
      message: [
        unreachable
          ? `${provider} did not answer in time, so the connection could not be finished. Nothing was connected.`
          : `${provider} did not accept the sign-in response, so the connection could not be finished. Nothing was connected.`,
        `Open the link ${org} sent you again to retry; it stays valid until ${untilOf(context)}.`,
      ],
      reference: code,
      actions: [returnAction(context, 'provider_error')],
    }),
  };
}

/** libs/accounts refused the account the customer connected through the provider. */
export function refusedPage(context: LinkContext, error: ApiError): RenderedPage {
  const org = context.source.organizationName;
  return {
    status: error.status,
    html: messagePage({
      organizationName: org,
      tone: 'error',
      title: `Your ${labelOf(context)} account could not be connected`,
      message: [refusalMessage(context, error), 'Nothing was connected.'],
      reference: error.code,
      actions: [returnAction(context, error.code ?? 'registration_failed')],
    }),
  };
}

/** What the customer (not the integrator) can do about a refusal of POST /accounts' rules. */
export function refusalMessage(context: LinkContext, error: ApiError): string {
  const provider = labelOf(context);
  const org = context.source.organizationName;
  switch (error.code) {
    case 'invalid_credential':
      return pastedFlow(context).refusedHelp(provider);
    case 'insufficient_permission':
      return `${provider} accepted the key, but it may not read your account. Give the restricted key read access and paste it again.`;
    case 'livemode_mismatch': {
      const help = pastedFlow(context).modeMismatchHelp;
      if (help && context.source.livemode !== null) return help(org, context.source.livemode);
      return error.message;
    }
    case 'identifier_taken':
    case 'account_deleting':
      return `${org} already has another ${provider} account registered for this link. Ask ${org} for a new link.`;
    case 'account_not_connected':
      return `${provider} reports that your account is not connected to ${org}'s app. Try connecting again.`;
    case 'provider_unreachable':
      return `${provider} could not be reached to check the account. Try again in a moment.`;
    default:
      return error.message;
  }
}

export function csrfPage(token: string): RenderedPage {
  return {
    status: 403,
    html: messagePage({
      tone: 'warn',
      title: 'This form has expired',
      message: ['The page was open too long or was sent from somewhere else. Nothing was connected.'],
      actions: [{ label: 'Reload the page', href: `/link/${token}` }],
    }),
  };
}

export function oauthUnavailablePage(context: LinkContext, token: string): RenderedPage {
  return {
    status: 400,
    html: messagePage({
      organizationName: context.source.organizationName,
      tone: 'warn',
      title: `Connecting through ${labelOf(context)} is not available here`,
      message: ['Paste a restricted key instead.'],
      actions: [{ label: 'Back', href: `/link/${token}` }],
    }),
  };
}

/** A callback this service cannot trust: forged, replayed, or from a connection started in another browser. */
export function badCallbackPage(): RenderedPage {
  return {
    status: 400,
    html: messagePage({
      tone: 'error',
      title: 'This sign-in response is not valid',
      message: [
        'It does not belong to a connection started in this browser, or it was already used. Nothing was connected.',
        'Open the link you were sent again to start over.',
      ],
    }),
  };
}

export function failurePage(status: number, reference?: string): RenderedPage {
  const unavailable = status === 503;
  return {
    status,
    html: messagePage({
      tone: 'error',
      title: unavailable ? 'The service is busy' : 'Something went wrong',
      message: [
        unavailable
          ? 'Please try again in a moment. Nothing was connected.'
          : 'Nothing was connected. Please try again; if it keeps happening, quote the reference below.',
      ],
      reference,
    }),
  };
}

export function notFoundPage(): RenderedPage {
  return closedPage({ kind: 'not_found' });
}

const pastedFlow = (context: LinkContext) => providerModule(context.source.provider).link.pasted;
