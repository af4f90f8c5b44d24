import { api, seg } from '../api.js';
import { textField } from '../forms.js';
import { optionalOauthClientId } from '../rules.js';
import { sourceSettingPage } from './sourceSettingPage.js';

/**
 * What a source's hosted Link page offers: with the app's OAuth client id, Connect with Stripe
 * besides the pasted key (PATCH /sources/{name}). The key itself cannot change: a new key is a
 * new source.
 */
export const sourceLinkPage = {
  title: (ctx) => `Link page · ${ctx.params.source}`,
  async render(ctx) {
    const { source: name } = ctx.params;
    const source = await api.get(`/sources/${seg(name)}`);
    const clientId = textField({
      name: 'oauth_client_id',
      label: 'OAuth client ID',
      optional: true,
      placeholder: 'ca_…',
      hint: 'From the Connect settings of the account that owns the app, starts with ca_. Leave it empty to offer only the pasted key.',
      mono: true,
      maxLength: 255,
      value: source.oauth_client_id ?? '',
      rule: optionalOauthClientId('The OAuth client ID'),
    });
    return sourceSettingPage(ctx, {
      name,
      param: 'oauth_client_id',
      field: clientId,
      heading: `Link page of ${name}`,
      intro: 'How your customers connect their accounts on the hosted Link page: OAuth through the provider, or a pasted key.',
      label: 'Link page settings',
      toBody: (value) => ({ oauth_client_id: value === '' ? null : value }),
      saved: (value) =>
        value === ''
          ? `The Link page of ${name} now offers only the pasted key.`
          : `The Link page of ${name} now offers Connect with Stripe.`,
    });
  },
};
