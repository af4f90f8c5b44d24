import { html } from './html';
import { layout } from './layout';

export interface PageAction {
  label: string;
  href: string;
  primary?: boolean;
}

export interface MessagePageInput {
  title: string;
  /** Paragraphs, as text. */
  message: string[];
  tone: 'error' | 'warn' | 'info';
  organizationName?: string;
  /** A code to quote when asking for help (a provider error, an error_id). */
  reference?: string;
  actions?: PageAction[];
}

/** A page that explains one outcome (an unusable link, a declined consent, a failure) and where to go next. */
export function messagePage(input: MessagePageInput): string {
  const actions = (input.actions ?? []).map(
    (a) => html`<a class="btn${a.primary === false ? ' btn-secondary' : ''}" href="${a.href}">${a.label}</a>`,
  );
  return layout({
    title: input.organizationName ? `${input.title} · ${input.organizationName}` : input.title,
    organizationName: input.organizationName,
    body: html` <div class="card link-card message message-${input.tone}">
      <h1>${input.title}</h1>
      ${input.message.map((p) => html`<p>${p}</p>`)}
      ${input.reference ? html`<p class="hint">Reference: <code>${input.reference}</code></p>` : ''}
      ${actions.length > 0 ? html`<div class="actions">${actions}</div>` : ''}
    </div>`,
  });
}
