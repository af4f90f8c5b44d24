import { h } from './dom.js';

const numbers = new Intl.NumberFormat('en-US');
const dates = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'short' });

export const count = (n) => numbers.format(n);

export function rows(n) {
  return `${numbers.format(n)} ${n === 1 ? 'row' : 'rows'}`;
}

/** A <time> with an absolute date, readable and machine-readable. */
export function when(iso) {
  if (!iso) return h('span', { class: 'muted' }, 'never');
  return h('time', { datetime: iso, title: iso }, dates.format(new Date(iso)));
}

/** "12 s ago", "5 min ago", then the date. */
export function ago(iso, now = Date.now()) {
  if (!iso) return h('span', { class: 'muted' }, 'none yet');
  const seconds = Math.max(0, Math.round((now - new Date(iso).getTime()) / 1000));
  let text;
  if (seconds < 60) text = `${seconds} s ago`;
  else if (seconds < 3600) text = `${Math.round(seconds / 60)} min ago`;
  else if (seconds < 86400) text = `${Math.round(seconds / 3600)} h ago`;
  else return when(iso);
  return h('time', { datetime: iso, title: dates.format(new Date(iso)) }, text);
}

// Account statuses (docs/accounts-api.md, Status) in words a person understands, and how alarming each is.
const STATUSES = {
  pending: { label: 'pending', tone: 'neutral', help: 'registered; loading starts within two minutes' },
  idle: { label: 'idle', tone: 'neutral', help: 'nothing to load: the source has no sync with collections' },
  loading: { label: 'loading', tone: 'busy', help: 'copying existing data' },
  live: { label: 'live', tone: 'ok', help: 'up to date; new changes follow' },
  error: { label: 'error', tone: 'error', help: 'loading stopped' },
  paused: { label: 'paused', tone: 'warn', help: 'paused; resume to continue' },
  deleting: { label: 'deleting', tone: 'warn', help: 'its rows are being removed' },
};

export function statusBadge(status) {
  const known = STATUSES[status] ?? { label: status, tone: 'neutral', help: '' };
  return h('span', { class: `badge badge-${known.tone}`, title: known.help }, known.label);
}

export function toneBadge(tone, text) {
  return h('span', { class: `badge badge-${tone}` }, text);
}

export function statusHelp(status) {
  return STATUSES[status]?.help ?? '';
}

/**
 * What a connection string's sslmode gives up, for a warning; null when TLS is verified (the
 * default for hosts on the internet).
 */
export function tlsWarning(connectionString) {
  const mode = /[?&]sslmode=([a-z-]+)/.exec(connectionString ?? '')?.[1];
  if (mode === 'disable') return 'No encryption: the password and the data cross the network in plaintext (sslmode=disable).';
  if (mode === 'require') return 'Encrypted, but the server certificate is not verified (sslmode=require).';
  return null;
}
