import type { EmulatorAccount } from '../state/account';
import type { EmulatorEvent } from '../state/eventLog';
import { stripeErrors } from '../http/stripeErrors';
import { parseListParams, type FilterKind } from './listParams';
import { indexBounds, paginate, type IndexedSpace } from './paginate';

const DAY = 86_400;

export interface ListBody<T> {
  object: 'list';
  data: T[];
  has_more: boolean;
  url: string;
}
const eventFilters = new Map<string, FilterKind>([
  ['type', 'string'],
  ['types', 'strings'],
  ['delivery_success', 'boolean'],
]);

/** `type=charge.*` matches every event type under `charge.`, as Stripe's wildcard does. */
function typeMatcher(pattern: string): (type: string) => boolean {
  if (!pattern.includes('*')) return (type) => type === pattern;
  const regex = new RegExp(
    `^${pattern
      .split('*')
      .map((part) => part.replace(/[.+?^${}()|[\]\\]/g, '\\$&'))
      .join('[^]*')}$`,
  );
  return (type) => regex.test(type);
}

/** The events a list made now shows: the late-visible ones only once their delay has passed. */
function eventSpace(account: EmulatorAccount): IndexedSpace {
  const log = account.events;
  const now = Date.now();
  return { size: log.size, createdAt: (index) => log.createdAt(index), isListed: (index) => log.isVisible(index, now) };
}

/** Oldest `created` still served: events older than the retention are gone, as at Stripe. */
export function retentionStart(account: EmulatorAccount, retentionDays: number): number {
  return account.now() - retentionDays * DAY;
}

/** `GET /v1/events`: newest first, only within the retention window. */
export function listEvents(account: EmulatorAccount, query: unknown, retentionDays: number): ListBody<EmulatorEvent> {
  const params = parseListParams(query, eventFilters);
  const type = params.filters.get('type');
  const types = params.filters.get('types');
  if (type !== undefined && types !== undefined) throw stripeErrors.exclusiveParameters('type', 'types');
  if (Array.isArray(types) && types.length > 20) throw stripeErrors.invalidValue('types', 'You may pass at most 20 types.');
  const checks: ((event: EmulatorEvent) => boolean)[] = [];
  if (typeof type === 'string') {
    const matches = typeMatcher(type);
    checks.push((event) => matches(event.type));
  }
  if (Array.isArray(types)) checks.push((event) => types.includes(event.type));
  // Every emulated event counts as delivered: there are no webhook endpoints to fail.
  if (params.filters.get('delivery_success') === false) checks.push(() => false);

  const log = account.events;
  const cursorIndex = (param: string, id: string | undefined): number | undefined => {
    if (id === undefined) return undefined;
    const index = log.indexOf(id);
    if (index === undefined) throw stripeErrors.resourceMissing('event', id, param, 400);
    return index;
  };
  const space = eventSpace(account);
  const { indexes, hasMore } = paginate(
    space,
    indexBounds(space, params.created, retentionStart(account, retentionDays)),
    {
      limit: params.limit,
      after: cursorIndex('starting_after', params.startingAfter),
      before: cursorIndex('ending_before', params.endingBefore),
    },
    checks.length === 0
      ? undefined
      : (index) => {
          const event = log.at(index);
          return event !== undefined && checks.every((check) => check(event));
        },
  );
  const data = indexes.flatMap((index) => log.at(index) ?? []);
  return { object: 'list', data, has_more: hasMore, url: '/v1/events' };
}

/** `GET /v1/events/<id>`: 404 once the event left the retention window. */
export function retrieveEvent(account: EmulatorAccount, id: string, retentionDays: number): EmulatorEvent {
  const index = account.events.indexOf(id);
  const event = index === undefined ? undefined : account.events.at(index);
  if (!event || event.created < retentionStart(account, retentionDays)) throw stripeErrors.resourceMissing('event', id);
  return event;
}
