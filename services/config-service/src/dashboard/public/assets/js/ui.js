import { h } from './dom.js';

// The few building blocks every page shares, so that pages look and read alike.

/** The page's heading, its one-line purpose, and its main action. */
export function pageHead(title, lead, action) {
  return h('div', { class: 'page-head' }, h('div', {}, h('h1', {}, title), lead ? h('p', { class: 'lead' }, lead) : null), action ?? null);
}

export function card(...children) {
  return h('section', { class: 'card' }, ...children);
}

/**
 * A data table with a caption for screen readers; columns are labels, or { label, num, hidden }
 * (hidden: a visually hidden header, for action columns).
 */
export function dataTable(caption, columns, rows) {
  const head = columns.map((c) => {
    const column = typeof c === 'string' ? { label: c } : c;
    return h(
      'th',
      { scope: 'col', class: column.num ? 'num' : undefined },
      column.hidden ? h('span', { class: 'visually-hidden' }, column.label) : column.label,
    );
  });
  const body = h('tbody', {}, rows);
  const el = h(
    'div',
    { class: 'table-wrap' },
    h('table', {}, h('caption', { class: 'visually-hidden' }, caption), h('thead', {}, h('tr', {}, head)), body),
  );
  el.body = body;
  return el;
}

export function emptyState(text, action) {
  return h('div', { class: 'empty' }, h('p', {}, text), action ?? null);
}

export function errorAlert(message) {
  return h('div', { class: 'alert alert-error', role: 'alert' }, message);
}
