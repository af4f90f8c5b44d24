import { ApiFailure, api, seg } from '../api.js';
import { h } from '../dom.js';
import { alertBox, busy, formErrors } from '../forms.js';
import { BASE } from '../router.js';
import { pageHead } from '../ui.js';
import { rateBudgetField } from './rateBudgetField.js';

/** How fast the loader may read the source's accounts (PATCH /sources/{name}); its next jobs use a change. */
export const sourceRateBudgetPage = {
  title: (ctx) => `Rate budget · ${ctx.params.source}`,
  async render(ctx) {
    const { source: name } = ctx.params;
    const source = await api.get(`/sources/${seg(name)}`);
    const percent = rateBudgetField(source.rate_budget_percent);
    const formAlert = alertBox();
    const errors = formErrors({ rate_budget_percent: percent }, formAlert);
    const submit = h('button', { type: 'submit', class: 'btn' }, 'Save');
    const form = h('form', { novalidate: true }, formAlert.el, percent.el, h('div', { class: 'actions' }, submit));
    form.addEventListener('submit', async (event) => {
      event.preventDefault();
      if (!errors.validateAll()) return;
      const value = Number(percent.value.trim());
      const restore = busy(submit, 'Saving…');
      try {
        await api.patch(`/sources/${seg(name)}`, { rate_budget_percent: value });
        ctx.app.flash('ok', `The loader now spends up to ${value} % of the provider's rate limit on each account of ${name}.`);
        await ctx.app.go(`${BASE}/sources`);
      } catch (failure) {
        restore();
        if (!(failure instanceof ApiFailure)) throw failure;
        errors.showFailure(failure, 'The change was not saved');
      }
    });

    return h(
      'div',
      {},
      h('p', { class: 'breadcrumb' }, h('a', { href: `${BASE}/sources` }, 'Sources'), ` / ${name}`),
      pageHead(`Rate budget of ${name}`, "How much of each account's provider rate limit the loader may use for this source."),
      h('section', { class: 'card', 'aria-label': 'Rate budget settings' }, form),
    );
  },
};
