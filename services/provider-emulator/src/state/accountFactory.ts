import { createHash } from 'node:crypto';
import type { CatalogResource } from '@datasync/providers';
import { toBase62 } from '../core/base62';
import { hashString } from '../kit/hash';
import { IdCodec, accountTag } from '../core/ids';
import { Timeline } from '../core/timeline';
import type { AccountProfile } from '../generators/context';
import { currencyOfCountry } from '../generators/pools';
import { resourceKinds } from '../generators/registry';
import { isResourceName, type ResourceName } from '../generators/resourceNames';
import { EmulatorAccount, generatorContext, type AccountKeys } from './account';
import { EventLog } from './eventLog';
import { ResourceStore } from './resourceStore';

const DAY = 86_400;

export interface AccountSpec {
  /** Everything about the account derives from this text: same seed, same account. */
  seedText: string;
  objects: Partial<Record<ResourceName, number>>;
  country: string;
  businessName: string | undefined;
  /** `created` of the newest generated object (Unix seconds). */
  end: number;
  historyDays: number;
  connectedTo: string | undefined;
  /**
   * `created` of the account object; null leaves it out, as Stripe does for some accounts. A
   * connected account's `created` is when it was connected, often later than its oldest objects.
   */
  created?: number | null;
}

// Keys and ids come from SHA-256 of the seed so that distinct seeds never collide; the per-object
// hashing uses a 32-bit seed derived from the same digest.
function digestBase62(seedText: string, purpose: string, length: number): string {
  let out = '';
  for (let block = 0; out.length < length; block++) {
    const digest = createHash('sha256').update(`${purpose}\u0000${block}\u0000${seedText}`).digest();
    for (let i = 0; i < 32; i += 4) out += toBase62(digest.readUInt32BE(i) % 916_132_832, 5);
  }
  return out.slice(0, length);
}

function keysFor(seedText: string): AccountKeys {
  return {
    secret: `sk_test_51${digestBase62(seedText, 'secret', 56)}`,
    restricted: `rk_test_51${digestBase62(seedText, 'restricted', 56)}`,
    publishable: `pk_test_51${digestBase62(seedText, 'publishable', 56)}`,
    clientId: `ca_${digestBase62(seedText, 'client', 32)}`,
  };
}

export function accountIdFor(seedText: string): string {
  return `acct_1${digestBase62(seedText, 'account', 15)}`;
}

const businessNames = ['Acme Corp', 'Globex', 'Initech', 'Umbrella Supplies', 'Hooli', 'Stark Goods', 'Wayne Retail', 'Soylent Foods'];

export function buildAccount(spec: AccountSpec, catalog: readonly CatalogResource[], apiVersion: string): EmulatorAccount {
  const seed = hashString(spec.seedText);
  const id = accountIdFor(spec.seedText);
  const businessName = spec.businessName ?? businessNames[seed % businessNames.length] ?? 'Acme Corp';
  const profile: AccountProfile = {
    id,
    seed,
    country: spec.country,
    currency: currencyOfCountry[spec.country] ?? 'usd',
    businessName,
    statementDescriptor: businessName.toUpperCase().slice(0, 22),
  };
  const start = spec.end - spec.historyDays * DAY;
  const tag = accountTag(seed);
  const stores = new Map<ResourceName, ResourceStore>();
  // Generators read the account's clock, which exists once the account does.
  let account: EmulatorAccount | undefined;
  const seeds = new Map<ResourceName, number>();
  for (const resource of catalog) {
    if (isResourceName(resource.name)) seeds.set(resource.name, hashString(`${spec.seedText}:${resource.name}`));
  }
  for (const resource of catalog) {
    const name = resource.name;
    if (!isResourceName(name)) throw new Error(`the emulator has no generator for catalog resource ${name}`);
    const codec = new IdCodec(resource.idPrefix, tag);
    const timeline = new Timeline(start, spec.end, spec.objects[name] ?? 0);
    const context = generatorContext(
      profile,
      { seed: seeds.get(name) ?? seed, createdAt: (i) => timeline.createdAt(i), id: (i) => codec.encode(i) },
      () => stores,
      seeds,
      () => account?.now() ?? Math.floor(Date.now() / 1000),
    );
    stores.set(name, new ResourceStore(name, resource, codec, timeline, resourceKinds[name], context));
  }
  const events = new EventLog(new IdCodec('evt', tag), apiVersion, seed);
  // By default the account existed a day before its oldest object, as a directly owned account would.
  const created = spec.created === undefined ? start - DAY : spec.created;
  account = new EmulatorAccount(profile, created, keysFor(spec.seedText), stores, events, spec.seedText, spec.connectedTo);
  return account;
}
