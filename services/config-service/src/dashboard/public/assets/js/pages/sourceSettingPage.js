import { ApiFailure, api, seg } from '../api.js';
import { h } from '../dom.js';
import { alertBox, busy, formErrors } from '../forms.js';
import { BASE } from '../router.js';
import { pageHead } from '../ui.js';

/**
 * A page that edits one setting of a source (PATCH /sources/{name}) and returns to the list: the
 * Link page's OAuth client id, the rate budget. `param` is the field's name in the API's errors,
 * `toBody` turns the field's trimmed text into the request body, `saved` says what changed.
 */
export function sourceSettingPage(ctx, { name, param, field, heading, intro, label, toBody, saved }) {
  const formAlert = alertBox();
  const errors = formErrors({ [param]: field }, formAlert);
  const submit = h('button', { type: 'submit', class: 'btn' }, 'Save');
  const form = h('form', { novalidate: true }, formAlert.el, field.el, h('div', { class: 'actions' }, submit));
  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    if (!errors.validateAll()) return;
    const value = field.value.trim();
    const restore = busy(submit, 'Saving…');
    try {
      await api.patch(`/sources/${seg(name)}`, toBody(value));
      ctx.app.flash('ok', saved(value));
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
    pageHead(heading, intro),
    h('section', { class: 'card', 'aria-label': label }, form),
  );
}
