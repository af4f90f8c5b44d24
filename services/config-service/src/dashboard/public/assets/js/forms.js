import { h, replace, uid } from './dom.js';

// Labelled fields whose errors appear under them (aria-invalid + aria-describedby, so screen
// readers announce them), a form-level alert, and busy buttons.

function describe(input, ids) {
  const list = ids.filter(Boolean).join(' ');
  if (list) input.setAttribute('aria-describedby', list);
  else input.removeAttribute('aria-describedby');
}

function wire(control, { label, hint, optional, rule }) {
  const id = uid('f');
  control.id = id;
  const hintId = hint ? `${id}-hint` : null;
  const errorId = `${id}-error`;
  const error = h('p', { class: 'field-error', id: errorId, hidden: true });
  const el = h(
    'div',
    { class: 'field' },
    h('label', { for: id }, label, optional ? h('span', { class: 'optional' }, ' (optional)') : null),
    control,
    hint ? h('p', { class: 'hint', id: hintId }, hint) : null,
    error,
  );
  describe(control, [hintId]);
  const field = {
    el,
    input: control,
    get value() {
      return control.value;
    },
    setError(message) {
      error.textContent = message;
      error.hidden = false;
      control.setAttribute('aria-invalid', 'true');
      describe(control, [hintId, errorId]);
    },
    clearError() {
      error.hidden = true;
      error.textContent = '';
      control.removeAttribute('aria-invalid');
      describe(control, [hintId]);
    },
    /** Checks the browser-side rule; true when the value passes. */
    validate() {
      const message = rule ? rule(control.value) : null;
      if (message) field.setError(message);
      else field.clearError();
      return !message;
    },
  };
  // Once an error shows, it follows the typing, so it disappears as soon as the value is right.
  control.addEventListener('input', () => {
    if (control.getAttribute('aria-invalid') === 'true') field.validate();
  });
  control.addEventListener('change', () => {
    if (control.getAttribute('aria-invalid') === 'true') field.validate();
  });
  return field;
}

/** A text input (text, email, password) with its label, hint and error. */
export function textField(options) {
  const input = h('input', {
    type: options.type ?? 'text',
    name: options.name,
    autocomplete: options.autocomplete ?? 'off',
    spellcheck: options.spellcheck ?? 'false',
    placeholder: options.placeholder,
    maxlength: options.maxLength,
    class: options.mono ? 'mono' : undefined,
    'aria-required': options.optional ? undefined : 'true',
    value: options.value,
  });
  return wire(input, options);
}

/** A dropdown; `placeholder` adds an empty first choice that the rule can refuse. */
export function selectField(options) {
  const select = h('select', { name: options.name, 'aria-required': options.optional ? undefined : 'true' });
  const field = wire(select, options);
  field.setOptions = (choices, selected) => {
    replace(
      select,
      options.placeholder !== undefined ? h('option', { value: '' }, options.placeholder) : null,
      choices.map((c) => h('option', { value: c.value, selected: c.value === selected }, c.label)),
    );
  };
  field.setOptions(options.choices ?? [], options.selected);
  return field;
}

/** A region for messages about the whole form; role=alert so it is announced when it appears. */
export function alertBox() {
  const el = h('div', { class: 'alert', role: 'alert', hidden: true });
  return {
    el,
    show(kind, title, message, code) {
      el.className = `alert alert-${kind}`;
      replace(
        el,
        title ? h('div', { class: 'alert-title' }, title) : null,
        message ? h('p', {}, message) : null,
        code ? h('p', { class: 'code' }, `code: ${code}`) : null,
      );
      el.hidden = false;
    },
    hide() {
      el.hidden = true;
      el.replaceChildren();
    },
  };
}

/**
 * Validation and API errors for a form's fields (`fields`: param → field). validateAll() runs
 * the browser rules and focuses the first bad field; showFailure() puts each API field error
 * under its field and anything else in the alert.
 */
export function formErrors(fields, alert) {
  return {
    clear() {
      for (const field of Object.values(fields)) field.clearError();
      alert.hide();
    },
    validateAll() {
      alert.hide();
      let first = null;
      for (const field of Object.values(fields)) {
        if (!field.validate() && !first) first = field;
      }
      first?.input.focus();
      return first === null;
    },
    showFailure(failure, title = 'That did not work') {
      let first = null;
      const unplaced = [];
      for (const error of failure.fieldErrors) {
        const field = fields[error.param];
        if (field) {
          field.setError(error.message);
          first ??= field;
        } else {
          unplaced.push(error.message);
        }
      }
      if (!first || unplaced.length > 0)
        alert.show('error', title, unplaced.length > 0 ? unplaced.join(' ') : failure.message, failure.code);
      else alert.hide();
      first?.input.focus();
    },
  };
}

/** Marks a button busy (spinner, disabled, new label) and returns how to restore it. */
export function busy(button, label) {
  const before = button.textContent;
  const wasDisabled = button.disabled;
  button.textContent = label;
  button.disabled = true;
  button.setAttribute('aria-busy', 'true');
  return () => {
    button.textContent = before;
    button.disabled = wasDisabled;
    button.removeAttribute('aria-busy');
  };
}
