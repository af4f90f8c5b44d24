// Pages are built with DOM calls, never innerHTML: text from the API (names, messages) can then
// never become markup, and the Content-Security-Policy needs no inline script or style.

const PROPERTIES = new Set(['value', 'checked', 'disabled', 'hidden', 'required', 'selected', 'readOnly', 'multiple', 'open']);

/**
 * h('button', { class: 'btn', type: 'button', on: { click } }, 'Save'): an element with
 * attributes, properties, listeners and children (strings, nodes, arrays; null and false skipped).
 */
export function h(tag, props = {}, ...children) {
  const el = document.createElement(tag);
  for (const [key, value] of Object.entries(props)) {
    if (value === undefined || value === null || value === false) continue;
    if (key === 'class') el.className = value;
    else if (key === 'on') for (const [event, fn] of Object.entries(value)) el.addEventListener(event, fn);
    else if (key === 'text') el.textContent = value;
    else if (PROPERTIES.has(key)) el[key] = value;
    else el.setAttribute(key, value === true ? '' : String(value));
  }
  append(el, children);
  return el;
}

export function append(parent, children) {
  for (const child of children.flat(Infinity)) {
    if (child === null || child === undefined || child === false) continue;
    parent.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return parent;
}

/** Replaces an element's children. */
export function replace(el, ...children) {
  el.replaceChildren();
  return append(el, children);
}

let ids = 0;
/** A unique id for label/aria wiring. */
export function uid(prefix) {
  ids += 1;
  return `${prefix}-${ids}`;
}
