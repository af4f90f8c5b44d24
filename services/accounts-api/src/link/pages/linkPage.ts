import { html } from './html';
import { layout } from './layout';

export interface LinkPageInput {
  token: string;
  csrfToken: string;
  organizationName: string;
  providerLabel: string;
  livemode: boolean;
  /** The source has an OAuth client id: offer the connect button. */
  oauthAvailable: boolean;
  expiresAt: Date;
  cancelUrl: string;
  /** After a refused key: what to fix. The key itself is never put back into the form. */
  keyError?: string;
}

const utc = (date: Date) => `${date.toISOString().slice(0, 16).replace('T', ' ')} UTC`;

/** The Link page: who asks, for what, and the two ways to connect. Plain forms, no script. */
export function linkPage(input: LinkPageInput): string {
  const { organizationName: org, providerLabel: provider } = input;
  const csrf = html`<input type="hidden" name="csrf_token" value="${input.csrfToken}" />`;
  const mode = input.livemode ? '' : html`<span class="badge badge-warn">Test mode</span>`;
  const connect = input.oauthAvailable
    ? html` <section aria-labelledby="connect-title" class="option">
          <h2 id="connect-title">Connect with ${provider}</h2>
          <p class="hint">You sign in at ${provider} and approve read-only access. This is the easiest way.</p>
          <form method="post" action="/link/${input.token}/connect">
            ${csrf}
            <button class="btn btn-block" type="submit">Connect with ${provider}</button>
          </form>
        </section>
        <div class="divider" role="separator"><span>or</span></div>`
    : '';
  const error = input.keyError ? html`<p id="key-error" class="field-error">${input.keyError}</p>` : '';
  const keyPrefix = input.livemode ? 'rk_live_…' : 'rk_test_…';
  return layout({
    title: `Connect your ${provider} account · ${org}`,
    organizationName: org,
    body: html` <div class="card link-card">
      <p class="eyebrow">${org} · ${provider} ${mode}</p>
      <h1>Connect your ${provider} account to ${org}</h1>
      <p class="lead">
        ${org} uses datasync to copy your ${provider} data (charges, customers, invoices and more) into its own database. The access is
        read-only: nothing in your ${provider} account is changed.
      </p>
      ${connect}
      <section aria-labelledby="key-title" class="option">
        <h2 id="key-title">Paste a restricted key</h2>
        <form method="post" action="/link/${input.token}/key" autocomplete="off" novalidate>
          ${csrf}
          <div class="field">
            <label for="key">Restricted key</label>
            <input
              id="key"
              name="key"
              type="password"
              class="mono"
              autocomplete="off"
              spellcheck="false"
              placeholder="${keyPrefix}"
              aria-describedby="key-hint${input.keyError ? ' key-error' : ''}"
              ${input.keyError ? html` aria-invalid="true" autofocus` : ''}
            />
            ${error}
            <p id="key-hint" class="hint">
              In your ${provider} dashboard open Developers → API keys, create a restricted key with read access, and paste it here. It
              travels encrypted, is stored encrypted and is never shown again. A secret key (sk_…) works too.
            </p>
          </div>
          <button class="btn btn-secondary btn-block" type="submit">Connect with this key</button>
        </form>
      </section>
      <p class="footnote">
        This link works once and until ${utc(input.expiresAt)}. <a href="${input.cancelUrl}">Cancel and return to ${org}</a>
      </p>
    </div>`,
  });
}
