import { segmentsInFlight } from './inFlight';

const bounds = { min: 4, max: 24 };

describe('segmentsInFlight', () => {
  it('keeps budget × page time requests in flight, with headroom', () => {
    // 25 req/s at 0.4 s a page: 10 in flight, 15 with headroom.
    expect(segmentsInFlight(25, 0.4, bounds)).toBe(15);
    expect(segmentsInFlight(12.5, 0.45, bounds)).toBe(9);
  });

  it('keeps the floor for a provider that answers at once', () => {
    expect(segmentsInFlight(12.5, 0.05, bounds)).toBe(4);
    expect(segmentsInFlight(12.5, 0, { min: 1, max: 24 })).toBe(1);
  });

  it('never exceeds the per-account cap', () => {
    expect(segmentsInFlight(80, 0.6, bounds)).toBe(24);
  });
});
