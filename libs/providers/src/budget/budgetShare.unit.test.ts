import { RATE_BUDGET_PERCENT, incrementalReserve } from './budgetShare';

describe('incrementalReserve', () => {
  it('keeps half of a bucket for incremental work', () => {
    expect(incrementalReserve(50)).toBe(25);
    expect(incrementalReserve(12.5)).toBe(6.25);
    expect(incrementalReserve(2)).toBe(1);
  });

  it('never keeps so much that a backfill could not take the last whole token', () => {
    expect(incrementalReserve(1.5)).toBe(0.5);
    expect(incrementalReserve(1)).toBe(0);
  });
});

it('bounds a share so the account keeps headroom, with the former global share as default', () => {
  expect(RATE_BUDGET_PERCENT).toEqual({ min: 5, max: 80, default: 50 });
});
