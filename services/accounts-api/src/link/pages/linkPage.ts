import { html } from './html';
import { layout } from './layout';

/** The provider's words for pasting a credential (its module's LinkConnectFlow), already worded for this page. */
export interface PastedCredentialText {
  title: string;
  fieldLabel: string;
  placeholder: string;
  hint: string;
}

export interface LinkPageInput {
  token: string;
  csrfToken: string;
  organizationName: string;
  providerLabel: string;
  /** The source's mode; false shows the test-mode badge, null (a provider without modes) nothing. */
  livemode: boolean | null;
  pasted: PastedCredentialText;
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
  const mode = input.livemode === false ? html`<span class="badge badge-warn">Test mode</span>` : '';
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
  const { pasted } = input;
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
        <h2 id="key-title">${pasted.title}</h2>
        <form method="post" action="/link/${input.token}/key" autocomplete="off" novalidate>
          ${csrf}
          <div class="field">
            <label for="key">${pasted.fieldLabel}</label>
            <input
              id="key"
              name="key"
              type="password"
              class="mono"
              autocomplete="off"
              spellcheck="false"
              placeholder="${pasted.placeholder}"
              aria-describedby="key-hint${input.keyError ? ' key-error' : ''}"
              ${input.keyError ? html` aria-invalid="true" autofocus` : ''}
            />
            ${error}
            <p id="key-hint" class="hint">${pasted.hint}</p>
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
