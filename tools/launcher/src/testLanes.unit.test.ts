import { SIDE_BY_SIDE_MIN_CONNECTIONS, planLanes } from './testLanes';

const lanes = [
  [
    { project: 'unit', budgetMs: 1 },
    { project: 'integration', budgetMs: 2 },
  ],
  [{ project: 'e2e', budgetMs: 3 }],
];

describe('planLanes', () => {
  it('keeps the lanes side by side when Postgres allows enough connections', () => {
    expect(planLanes(lanes, SIDE_BY_SIDE_MIN_CONNECTIONS)).toEqual(lanes);
    expect(planLanes(lanes, 500)).toEqual(lanes);
  });

  it("runs every tier one after the other, in the lanes' order, below that", () => {
    expect(planLanes(lanes, 100)).toEqual([
      [
        { project: 'unit', budgetMs: 1 },
        { project: 'integration', budgetMs: 2 },
        { project: 'e2e', budgetMs: 3 },
      ],
    ]);
  });

  it('treats an unreadable setting as too few', () => {
    expect(planLanes(lanes, Number.NaN)).toHaveLength(1);
  });
});
