import { ApiFailure, api } from '../api.js';
import { h } from '../dom.js';
import { alertBox, busy, formErrors, textField } from '../forms.js';
import { BASE } from '../router.js';
import { email, newPassword, requiredText } from '../rules.js';

const MIN_PASSWORD = 12;

/** Only a path inside the dashboard: `next` must not send a person to another site. */
function nextPath(query) {
  const next = query.get('next') ?? '';
  return next.startsWith(`${BASE}/`) && !next.startsWith('//') && !next.includes('\\') ? next : `${BASE}/`;
}

function authCard(title, intro, form, footer) {
  return h(
    'div',
    {},
    h('div', { class: 'brand-big', 'aria-hidden': 'true' }, 'datasync'),
    h('div', { class: 'card' }, h('h1', {}, title), intro ? h('p', { class: 'lead' }, intro) : null, form),
    h('p', { class: 'muted' }, footer),
  );
}

async function submitWith(ctx, { form, fields, button, label, call, failureTitle }) {
  const alert = form.alert;
  const errors = formErrors(fields, alert);
  if (!errors.validateAll()) return false;
  const restore = busy(button, label);
  try {
    const session = await call();
    ctx.app.loggedIn(session);
    await ctx.app.reloadSession();
    return true;
  } catch (failure) {
    restore();
    if (failure instanceof ApiFailure) errors.showFailure(failure, failureTitle);
    else throw failure;
    return false;
  }
}

export const loginPage = {
  title: 'Log in',
  public: true,
  render(ctx) {
    const fields = {
      email: textField({ name: 'email', label: 'Email', type: 'email', autocomplete: 'username', rule: email('Email') }),
      password: textField({
        name: 'password',
        label: 'Password',
        type: 'password',
        autocomplete: 'current-password',
        rule: requiredText('Password'),
      }),
    };
    const alert = alertBox();
    const button = h('button', { type: 'submit', class: 'btn' }, 'Log in');
    const form = h('form', { novalidate: true }, alert.el, fields.email.el, fields.password.el, h('div', { class: 'actions' }, button));
    form.alert = alert;
    form.addEventListener('submit', async (event) => {
      event.preventDefault();
      const ok = await submitWith(ctx, {
        form,
        fields,
        button,
        label: 'Logging in…',
        failureTitle: 'Could not log in',
        call: () => api.post('/login', { email: fields.email.value.trim(), password: fields.password.value }),
      });
      if (ok) await ctx.app.go(nextPath(ctx.query), { replace: true });
    });
    return authCard('Log in', null, form, ['No account yet? ', h('a', { href: `${BASE}/signup` }, 'Sign up')]);
  },
};

export const signupPage = {
  title: 'Sign up',
  public: true,
  render(ctx) {
    const fields = {
      organization_name: textField({
        name: 'organization_name',
        label: 'Organization name',
        autocomplete: 'organization',
        spellcheck: 'true',
        rule: requiredText('Organization name'),
        hint: 'Your company or team. It gets two environments: production and development.',
      }),
      email: textField({ name: 'email', label: 'Email', type: 'email', autocomplete: 'username', rule: email('Email') }),
      password: textField({
        name: 'password',
        label: 'Password',
        type: 'password',
        autocomplete: 'new-password',
        rule: newPassword('Password', MIN_PASSWORD),
        hint: `At least ${MIN_PASSWORD} characters.`,
      }),
    };
    const alert = alertBox();
    const button = h('button', { type: 'submit', class: 'btn' }, 'Create account');
    const form = h(
      'form',
      { novalidate: true },
      alert.el,
      fields.organization_name.el,
      fields.email.el,
      fields.password.el,
      h('div', { class: 'actions' }, button),
    );
    form.alert = alert;
    form.addEventListener('submit', async (event) => {
      event.preventDefault();
      const ok = await submitWith(ctx, {
        form,
        fields,
        button,
        label: 'Creating your account…',
        failureTitle: 'The account was not created',
        call: () =>
          api.post('/signup', {
            organization_name: fields.organization_name.value.trim(),
            email: fields.email.value.trim(),
            password: fields.password.value,
          }),
      });
      if (ok) {
        ctx.app.flash('ok', 'Welcome! Follow the steps below to copy your first data.');
        await ctx.app.go(`${BASE}/`, { replace: true });
      }
    });
    return authCard('Create your account', 'Copy your provider accounts’ data into your own database.', form, [
      'Already have an account? ',
      h('a', { href: `${BASE}/login` }, 'Log in'),
    ]);
  },
};
