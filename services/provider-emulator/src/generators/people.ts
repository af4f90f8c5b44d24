import type Stripe from 'stripe';
import { hash3, intBetween, pick } from '../kit/hash';
import { citiesByCountry, emailDomains, firstNames, lastNames, streets } from './pools';

const F_FIRST = 1;
const F_LAST = 2;
const F_DOMAIN = 3;
const F_CITY = 4;
const F_STREET = 5;
const F_NUMBER = 6;
const F_PHONE = 7;

/** A made-up person: the same (seed, index) is the same person in every resource. */
export interface Person {
  name: string;
  email: string;
  address: Stripe.Address;
}

const localParts = new Map<string, string>();

// Memoised: 30 × 30 names, and lower-casing per object showed up in profiles.
function emailLocalPart(first: string, last: string): string {
  const key = `${first} ${last}`;
  let local = localParts.get(key);
  if (local === undefined) {
    local = `${first}.${last}`.toLowerCase().replace(/[^a-z.]/g, '');
    localParts.set(key, local);
  }
  return local;
}

export function person(seed: number, index: number, country: string): Person {
  const first = pick(seed, index, F_FIRST, firstNames);
  const last = pick(seed, index, F_LAST, lastNames);
  const cities = citiesByCountry[country] ?? citiesByCountry.US;
  const city = cities ? pick(seed, index, F_CITY, cities) : undefined;
  const local = emailLocalPart(first, last);
  return {
    name: `${first} ${last}`,
    email: `${local}${index % 1000}@${pick(seed, index, F_DOMAIN, emailDomains)}`,
    address: {
      city: city?.city ?? null,
      country,
      line1: `${intBetween(seed, index, F_NUMBER, 1, 999)} ${pick(seed, index, F_STREET, streets)}`,
      line2: null,
      postal_code: city?.postalCode ?? null,
      state: city?.state ?? null,
    },
  };
}

/** The person's phone number; separate because most objects do not show one. */
export function personPhone(seed: number, index: number, country: string): string {
  const cities = citiesByCountry[country] ?? citiesByCountry.US;
  const prefix = cities ? pick(seed, index, F_CITY, cities).phonePrefix : '+1415';
  return `${prefix}${String(hash3(seed, index, F_PHONE) % 10_000_000).padStart(7, '0')}`;
}
