import type { IdCodec } from '../core/ids';

/** A Stripe test clock (https://docs.stripe.com/api/test_clocks/object). */
export interface TestClock {
  id: string;
  object: 'test_helpers.test_clock';
  created: number;
  deletes_after: number;
  frozen_time: number;
  livemode: false;
  name: string | null;
  status: 'ready';
}

const DELETES_AFTER = 30 * 86_400;

/**
 * The test clocks of one (test-mode) account. Customers and subscriptions attached to a clock
 * (`test_clock`) are left out of their lists unless the request names the clock
 * (https://docs.stripe.com/api/customers/list#list_customers-test_clock); see resourceFilters.
 */
export class TestClocks {
  private readonly clocks: TestClock[] = [];

  constructor(private readonly codec: IdCodec) {}

  create(now: number, name: string | null, frozenTime = now): TestClock {
    const clock: TestClock = {
      id: this.codec.encode(this.clocks.length),
      object: 'test_helpers.test_clock',
      created: now,
      deletes_after: now + DELETES_AFTER,
      frozen_time: frozenTime,
      livemode: false,
      name,
      status: 'ready',
    };
    this.clocks.push(clock);
    return clock;
  }

  /** Oldest first: the order they were created in, which their ids encode. */
  all(): readonly TestClock[] {
    return this.clocks;
  }

  /** Puts back a clock kept across a restart, in creation order. */
  restore(clock: TestClock): void {
    this.clocks.push(clock);
  }

  /** Newest first, as Stripe lists. */
  list(): TestClock[] {
    return [...this.clocks].reverse();
  }

  get(id: string): TestClock | undefined {
    const index = this.codec.decode(id);
    return index === undefined ? undefined : this.clocks[index];
  }
}
