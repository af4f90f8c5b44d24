import { escapeHtml } from '../kit';

export interface ConsentPageInput {
  appName: string;
  clientId: string;
  redirectUri: string;
  state: string;
  scope: string;
  /** Accounts already connected to the app, offered instead of a new one. */
  accounts: { id: string; name: string }[];
}

function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>body{font-family:system-ui,sans-serif;max-width:28rem;margin:3rem auto;padding:0 1rem;color:#1a1f36}
h1{font-size:1.3rem}.note{color:#697386;font-size:.9rem}button{font-size:1rem;padding:.5rem 1.2rem;margin-right:.5rem;border-radius:6px;border:1px solid #c1c9d2;cursor:pointer}
button[value=approve]{background:#635bff;color:#fff;border-color:#635bff}select{font-size:1rem;padding:.3rem;width:100%;margin:.5rem 0 1rem}</style>
</head><body>${body}</body></html>`;
}

/** The emulator's stand-in for Stripe's Connect consent screen: Approve or Deny. */
export function consentPage(input: ConsentPageInput): string {
  const hidden = (name: string, value: string) => `<input type="hidden" name="${name}" value="${escapeHtml(value)}">`;
  const options = [
    '<option value="">Create a new test account</option>',
    ...input.accounts.map((a) => `<option value="${escapeHtml(a.id)}">${escapeHtml(a.name)} (${escapeHtml(a.id)})</option>`),
  ].join('');
  return page(
    `Connect to ${input.appName}`,
    `<h1>${escapeHtml(input.appName)} would like to connect to your account</h1>
<p class="note">Provider emulator: no real account is involved. Access requested: ${escapeHtml(input.scope)}.</p>
<form method="post" action="/oauth/authorize">
${hidden('client_id', input.clientId)}${hidden('redirect_uri', input.redirectUri)}${hidden('state', input.state)}${hidden('scope', input.scope)}
<label for="account">Account</label>
<select id="account" name="account">${options}</select>
<div><button type="submit" name="decision" value="approve">Approve</button><button type="submit" name="decision" value="deny">Deny</button></div>
</form>`,
  );
}

/** What the user sees when the request itself is wrong (unknown client_id, bad redirect_uri). */
export function oauthErrorPage(message: string): string {
  return page('Connect error', `<h1>Something is wrong with this link</h1><p>${escapeHtml(message)}</p>`);
}
