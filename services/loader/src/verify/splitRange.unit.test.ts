import { splitRange } from './verifications.repository';

it('cuts the range into equal parts, newest first, the oldest reaching down to the start', () => {
  expect(splitRange({ from: 1_000, through: 1_600 }, 0, 3)).toEqual([
    { gte: 1_400, lt: 1_600 },
    { gte: 1_200, lt: 1_400 },
    { gte: 1_000, lt: 1_200 },
  ]);
});

it('places the cuts from the load’s oldest object when the range has no start, yet lists everything below', () => {
  const parts = splitRange({ from: null, through: 1_000 }, 400, 3);
  expect(parts).toEqual([
    { gte: 800, lt: 1_000 },
    { gte: 600, lt: 800 },
    { gte: 0, lt: 600 },
  ]);
});

it('makes one part of a range shorter than the count, and never an empty one', () => {
  expect(splitRange({ from: 10, through: 12 }, 0, 6)).toEqual([
    { gte: 11, lt: 12 },
    { gte: 10, lt: 11 },
  ]);
  expect(splitRange({ from: null, through: 5 }, 9, 4)).toEqual([{ gte: 0, lt: 5 }]);
});
