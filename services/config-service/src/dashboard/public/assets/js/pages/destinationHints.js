import { h, replace } from '../dom.js';
import { BASE } from '../router.js';

// The destination form's side panel: what to give the service, for the kind of engine chosen.
// Each links to a help page that repeats the least privileges of the docs (a test keeps them
// identical): docs/destinations.md's GRANTs, docs/s3.md's access-key policy.

const helpLink = (page, text) => [
  h('a', { href: `${BASE}/help/${page}`, target: '_blank', rel: 'noopener' }, text),
  ' (opens in a new tab).',
];

const HINTS = {
  sql: () => [
    h('h2', { id: 'engine-hint' }, 'Use a separate database user'),
    h(
      'p',
      {},
      'Create a user for the service that can work in one schema and nothing else. If its password leaks, nothing outside that schema is exposed.',
    ),
    h('p', {}, helpLink('database-user', 'The GRANT statements for PostgreSQL and MySQL')),
    h('h3', {}, 'What the test does'),
    h(
      'p',
      { class: 'muted' },
      'It connects, then runs the loader’s own writes on a scratch table — create, insert, update, read, delete, drop — and removes it.',
    ),
  ],
  blob: () => [
    h('h2', { id: 'engine-hint' }, 'Use an access key limited to one bucket and prefix'),
    h(
      'p',
      {},
      'Create an access key for the service that can read and write the prefix (the folder) it loads into and nothing else. If the key leaks, nothing outside that folder is exposed.',
    ),
    h('p', {}, helpLink('s3-access-key', 'The access-key policy for the bucket and prefix')),
    h('h3', {}, 'The parameters'),
    h(
      'dl',
      { class: 'facts' },
      h('dt', {}, h('code', {}, 'prefix')),
      h('dd', {}, 'The folder the tables go in; default the bucket’s root.'),
      h('dt', {}, h('code', {}, 'region')),
      h('dd', {}, 'Needed when the host does not name it; default us-east-1.'),
      h('dt', {}, h('code', {}, 'format')),
      h('dd', {}, 'Of the files, for every table: ndjson.gz (default) or parquet.'),
    ),
    h('h3', {}, 'What the test does'),
    h(
      'p',
      { class: 'muted' },
      'It puts a scratch object in the prefix, reads it back, lists it and deletes it: the permissions the loader needs.',
    ),
  ],
};

/** The side panel, showing the hint of the engine `update` is given (a catalog entry). */
export function engineHintPanel() {
  const el = h('aside', { class: 'card', 'aria-labelledby': 'engine-hint' });
  return {
    el,
    update(engine) {
      replace(el, (HINTS[engine?.kind] ?? HINTS.sql)());
    },
  };
}
