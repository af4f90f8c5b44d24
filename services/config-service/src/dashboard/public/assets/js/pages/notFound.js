import { h } from '../dom.js';
import { BASE } from '../router.js';

export const notFoundPage = {
  title: 'Page not found',
  render() {
    return h(
      'section',
      { class: 'card' },
      h('h1', {}, 'Page not found'),
      h('p', {}, 'There is no dashboard page at this address.'),
      h('a', { class: 'btn', href: `${BASE}/` }, 'Go to the start page'),
    );
  },
};
