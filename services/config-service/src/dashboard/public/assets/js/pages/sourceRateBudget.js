import { api, seg } from '../api.js';
import { rateBudgetField } from './rateBudgetField.js';
import { sourceSettingPage } from './sourceSettingPage.js';

/** How fast the loader may read the source's accounts (PATCH /sources/{name}); its next jobs use a change. */
export const sourceRateBudgetPage = {
  title: (ctx) => `Rate budget · ${ctx.params.source}`,
  async render(ctx) {
    const { source: name } = ctx.params;
    const source = await api.get(`/sources/${seg(name)}`);
    return sourceSettingPage(ctx, {
      name,
      param: 'rate_budget_percent',
      field: rateBudgetField(source.rate_budget_percent),
      heading: `Rate budget of ${name}`,
      intro: "How much of each account's provider rate limit the loader may use for this source.",
      label: 'Rate budget settings',
      toBody: (value) => ({ rate_budget_percent: Number(value) }),
      saved: (value) => `The loader now spends up to ${Number(value)} % of the provider's rate limit on each account of ${name}.`,
    });
  },
};
