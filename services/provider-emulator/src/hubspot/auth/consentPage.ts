import { escapeHtml } from '../../kit';

export interface HubspotConsentInput {
  appName: string;
  clientId: string;
  redirectUri: string;
  state: string;
  scope: string;
  portals: { id: number; name: string }[];
}

const STYLE =
  'body{font-family:system-ui,sans-serif;max-width:30rem;margin:3rem auto;padding:0 1rem;color:#33475b}h1{font-size:1.3rem}' +
  '.note{color:#516f90;font-size:.9rem}button{font-size:1rem;padding:.5rem 1.2rem;margin-right:.5rem;border-radius:4px;border:1px solid #cbd6e2;cursor:pointer}' +
  'button[value=approve]{background:#ff7a59;color:#fff;border-color:#ff7a59}select{font-size:1rem;padding:.3rem;width:100%;margin:.5rem 0 1rem}';

function page(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title><style>${STYLE}</style></head><body>${body}</body></html>`;
}

/** The emulator's stand-in for HubSpot's app install screen (app.hubspot.com/oauth/authorize): choose an account, Connect or Cancel. */
export function hubspotConsentPage(input: HubspotConsentInput): string {
  const hidden = (name: string, value: string) => `<input type="hidden" name="${name}" value="${escapeHtml(value)}">`;
  const options = [
    ...input.portals.map((p) => `<option value="${p.id}">${escapeHtml(p.name)} (${p.id})</option>`),
    '<option value="">Create a new test account</option>',
  ].join('');
  return page(
    `Connect ${input.appName}`,
    `<h1>Choose an account to connect ${escapeHtml(input.appName)}</h1>
<p class="note">Provider emulator: no real HubSpot account is involved. Scopes requested: ${escapeHtml(input.scope)}.</p>
<form method="post" action="/hubspot/oauth/authorize">
${hidden('client_id', input.clientId)}${hidden('redirect_uri', input.redirectUri)}${hidden('state', input.state)}${hidden('scope', input.scope)}
<label for="portal">Account</label><select id="portal" name="portal">${options}</select>
<div><button type="submit" name="decision" value="approve">Connect app</button><button type="submit" name="decision" value="deny">Cancel</button></div>
</form>`,
  );
}

export function hubspotConsentError(message: string): string {
  return page('Install error', `<h1>This install link is not valid</h1><p>${escapeHtml(message)}</p>`);
}
