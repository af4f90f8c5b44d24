import { ApiFailure, api, loadCatalog } from '../api.js';
import { h, replace } from '../dom.js';
import { alertBox, busy, formErrors, selectField, textField } from '../forms.js';
import { tlsWarning } from '../format.js';
import { BASE } from '../router.js';
import { chosen, destinationName, requiredText } from '../rules.js';
import { pageHead } from '../ui.js';
import { engineHintPanel } from './destinationHints.js';

/**
 * Spec §2: the connection check runs before creation, and Create is available only once it has
 * succeeded — for exactly the values in the form. The values that passed are remembered; any
 * edit that makes the form differ from them disables Create again.
 */
export const newDestinationPage = {
  title: 'New destination',
  async render(ctx) {
    const catalog = await loadCatalog();
    const fields = {
      name: textField({
        name: 'name',
        label: 'Name',
        rule: destinationName('Name'),
        maxLength: 63,
        hint: 'How this destination is called here: lowercase letters, digits and underscores, e.g. analytics_db.',
      }),
      engine: selectField({
        name: 'engine',
        label: 'Engine',
        choices: catalog.engines.map((e) => ({ value: e.name, label: e.label })),
        selected: catalog.engines[0]?.name,
        rule: chosen('an engine'),
      }),
      connection_string: textField({
        name: 'connection_string',
        label: 'Connection string',
        mono: true,
        rule: requiredText('Connection string'),
        maxLength: 2048,
        hint: 'Stored encrypted and never shown again.',
      }),
    };
    const values = () => ({
      name: fields.name.value.trim(),
      engine: fields.engine.value,
      connection_string: fields.connection_string.value.trim(),
    });
    const key = () => JSON.stringify(values());

    // The placeholder, the hint under the field and the side panel follow the chosen engine.
    const engineHint = engineHintPanel();
    const formatHint = fields.connection_string.el.querySelector('.hint');
    const showFormat = () => {
      const engine = catalog.engines.find((e) => e.name === fields.engine.value);
      fields.connection_string.input.placeholder = engine?.example ?? '';
      formatHint.textContent = `Format: ${engine?.format ?? ''} — stored encrypted and never shown again.`;
      engineHint.update(engine);
    };
    showFormat();

    const formAlert = alertBox();
    const errors = formErrors(fields, formAlert);
    const result = h('div', { class: 'check-result', 'aria-live': 'polite' });
    const testButton = h('button', { type: 'button', class: 'btn btn-secondary' }, 'Test connection');
    const createHelpId = 'create-help';
    const createButton = h(
      'button',
      { type: 'submit', class: 'btn', disabled: true, 'aria-describedby': createHelpId },
      'Create destination',
    );
    const createHelp = h(
      'p',
      { class: 'hint', id: createHelpId },
      'Create becomes available once the connection test succeeds for exactly these values.',
    );

    let passed = null;
    let working = false;

    function showResult(kind, title, message, code) {
      replace(
        result,
        h(
          'div',
          { class: `alert alert-${kind}`, role: kind === 'error' ? 'alert' : 'status' },
          h('div', { class: 'alert-title' }, title),
          message ? h('p', {}, message) : null,
          code ? h('p', { class: 'code' }, `code: ${code}`) : null,
        ),
      );
    }

    function refresh() {
      const current = passed !== null && passed === key();
      createButton.disabled = working || !current;
      if (passed !== null && !current && !working) {
        passed = null;
        showResult(
          'warn',
          'The form changed since the test',
          'Test the connection again: Create needs a successful test of the values as they are now.',
        );
      }
    }
    for (const field of Object.values(fields)) {
      field.input.addEventListener('input', refresh);
      field.input.addEventListener('change', refresh);
    }
    fields.engine.input.addEventListener('change', showFormat);

    testButton.addEventListener('click', async () => {
      if (!errors.validateAll()) return;
      const sent = values();
      const sentKey = key();
      working = true;
      passed = null;
      refresh();
      replace(result, h('p', { class: 'muted', role: 'status' }, 'Connecting and running a test write…'));
      const restore = busy(testButton, 'Testing…');
      try {
        const check = await api.post('/destinations/check', sent);
        if (check.ok) {
          passed = sentKey;
          const warning = tlsWarning(sent.connection_string);
          if (warning)
            showResult(
              'warn',
              'Connection works, with a TLS warning',
              `${warning} You can create the destination; remove sslmode to have TLS verified.`,
            );
          else
            showResult(
              'ok',
              'Connection works',
              'The service connected and could create, write, read and drop a test table. You can create the destination.',
            );
        } else {
          showResult('error', 'The connection test failed', check.message, check.code);
        }
      } catch (failure) {
        if (!(failure instanceof ApiFailure)) throw failure;
        result.replaceChildren();
        errors.showFailure(failure, 'The values were refused');
      } finally {
        restore();
        working = false;
        refresh();
      }
    });

    const form = h(
      'form',
      { novalidate: true },
      formAlert.el,
      fields.name.el,
      fields.engine.el,
      fields.connection_string.el,
      h('div', { class: 'actions' }, testButton, createButton),
      createHelp,
    );
    form.addEventListener('submit', async (event) => {
      event.preventDefault();
      if (createButton.disabled || !errors.validateAll()) return;
      working = true;
      const restore = busy(createButton, 'Creating…');
      try {
        const created = await api.post('/destinations', values());
        fields.connection_string.input.value = '';
        ctx.app.flash('ok', `The destination ${created.name} was created.`);
        await ctx.app.go(`${BASE}/destinations`);
      } catch (failure) {
        restore();
        working = false;
        if (!(failure instanceof ApiFailure)) throw failure;
        // Creating runs the check again; a database that changed in between fails here.
        passed = null;
        if (failure.body.param === 'connection_string' && failure.body.errors === undefined) {
          showResult('error', 'The connection test failed', failure.message, failure.code);
        } else {
          errors.showFailure(failure, 'The destination was not created');
        }
        refresh();
      }
    });

    return h(
      'div',
      {},
      h('p', { class: 'breadcrumb' }, h('a', { href: `${BASE}/destinations` }, 'Destinations'), ' / new'),
      pageHead('New destination', 'The database or bucket the data is copied into.'),
      h('div', { class: 'grid-2' }, h('section', { class: 'card', 'aria-label': 'Destination settings' }, form, result), engineHint.el),
    );
  },
};
