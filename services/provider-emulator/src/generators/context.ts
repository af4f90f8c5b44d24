import type { ResourceName } from './resourceNames';

/** Who the generated data belongs to: shapes country, currency and statement descriptors. */
export interface AccountProfile {
  id: string;
  /** Seed of the whole account: attributes shared across resources (a charge and its payment intent) hash from it. */
  seed: number;
  country: string;
  currency: string;
  businessName: string;
  /** What card statements show: the business name, upper case, at most 22 characters. */
  statementDescriptor: string;
}

/**
 * What a generator may know besides its own index: its account, its own timeline and id space,
 * and the sizes and ids of the other resources, so references point at objects that exist.
 */
export interface GenContext {
  /** Seed of this (account, resource) pair. */
  readonly seed: number;
  readonly account: AccountProfile;
  createdAt(index: number): number;
  id(index: number): string;
  count(resource: ResourceName): number;
  /** Id of object `index` of another resource; it exists when index < count(resource). */
  idOf(resource: ResourceName, index: number): string;
  createdOf(resource: ResourceName, index: number): number;
  /** Seed of another resource of the same account, to recompute one of its attributes. */
  seedOf(resource: ResourceName): number;
  /**
   * The account's clock (Unix seconds), for the few attributes Stripe changes with time and
   * without an event: a balance transaction becomes `available` once its `available_on` passes.
   */
  now(): number;
}

export type Generator<T> = (ctx: GenContext, index: number) => T;
