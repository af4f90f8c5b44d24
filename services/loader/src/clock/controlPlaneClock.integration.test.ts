import { closeTestKnex, getTestKnex } from '@datasync/testing';
import { ControlPlaneClock } from './controlPlaneClock';
import { controlPlaneNow } from './controlPlaneNow';

// A loader's machine clock an hour off: what it dates still agrees with the control plane's
// clock (the bound is generous on purpose: it only has to tell an hour from a round trip).
const HOUR_MS = 3_600_000;
const AGREES_WITHIN_MS = 5_000;

afterAll(async () => {
  await closeTestKnex();
});

it.each([HOUR_MS, -HOUR_MS])('dates by the control plane whatever the machine clock says (skew %d ms)', async (skewMs) => {
  const knex = getTestKnex();
  const clock = new ControlPlaneClock(knex, () => Date.now() + skewMs);
  await clock.sync();
  const before = (await controlPlaneNow(knex)).getTime();
  const dated = clock.now().getTime();
  const after = (await controlPlaneNow(knex)).getTime();
  expect(dated).toBeGreaterThan(before - AGREES_WITHIN_MS);
  expect(dated).toBeLessThan(after + AGREES_WITHIN_MS);
});

it('dates by the machine clock until it has measured the control plane, then by the control plane', async () => {
  const clock = new ControlPlaneClock(getTestKnex(), () => Date.now() + HOUR_MS);
  // Not measured yet: the machine's clock, and a measure starts in the background.
  expect(clock.now().getTime()).toBeGreaterThan(Date.now() + HOUR_MS - AGREES_WITHIN_MS);
  await clock.sync();
  expect(Math.abs(clock.now().getTime() - Date.now())).toBeLessThan(AGREES_WITHIN_MS);
});
