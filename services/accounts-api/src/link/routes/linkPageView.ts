import { getProvider, providerModule } from '@datasync/providers';
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
  const { link } = providerModule(source.provider);
  const oauthAvailable = source.oauthClientId !== null && link.oauth !== undefined;
  const connectUrl = input.settings.connectUrls[source.provider];
  const label = getProvider(source.provider).label;
  const html = linkPage({
    token: input.token,
    csrfToken: input.csrfToken,
    organizationName: source.organizationName,
    providerLabel: label,
    livemode: source.livemode,
    pasted: {
      title: link.pasted.title,
      fieldLabel: link.pasted.fieldLabel,
      placeholder: link.pasted.placeholder(source.livemode ?? undefined),
      hint: link.pasted.hint(label),
    },
    oauthAvailable,
    expiresAt: session.expiresAt,
    cancelUrl: resultUrl(session.returnUrl, session.id, { status: 'error', reason: 'cancelled' }),
    keyError: input.keyError,
  });
  const formTargets = [session.returnUrl, ...(oauthAvailable && connectUrl ? [connectUrl] : [])];
  return { page: { status: input.status ?? 200, html }, formTargets };
}
