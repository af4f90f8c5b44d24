import { getProvider } from '@datasync/providers';
import type { LinkSettings } from '../linkEnv';
import type { LinkContext } from '../linkPage.service';
import { linkPage } from '../pages/linkPage';
import type { RenderedPage } from '../pages/outcomePages';
import { resultUrl } from '../returnUrl';

/** The Link page of an open session, and the origins its forms may lead to (for the CSP's form-action). */
export function linkPageView(
  context: LinkContext,
  input: { token: string; csrfToken: string; settings: LinkSettings; keyError?: string; status?: number },
): { page: RenderedPage; formTargets: string[] } {
  const { session, source } = context;
  const oauthAvailable = source.oauthClientId !== null;
  const connectUrl = input.settings.connectUrls[source.provider];
  const html = linkPage({
    token: input.token,
    csrfToken: input.csrfToken,
    organizationName: source.organizationName,
    providerLabel: getProvider(source.provider).label,
    livemode: source.livemode,
    oauthAvailable,
    expiresAt: session.expiresAt,
    cancelUrl: resultUrl(session.returnUrl, session.id, { status: 'error', reason: 'cancelled' }),
    keyError: input.keyError,
  });
  const formTargets = [session.returnUrl, ...(oauthAvailable && connectUrl ? [connectUrl] : [])];
  return { page: { status: input.status ?? 200, html }, formTargets };
}
