import { VerifySlice } from './verifySlice';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

it('goes on while the slice lasts, without asking the queue', async () => {
  let asked = 0;
  const slice = new VerifySlice(60_000, async () => {
    asked += 1;
    return true;
  });
  expect(slice.spent()).toBe(false);
  expect(await slice.over()).toBe(false);
  expect(asked).toBe(0);
});

it('yields at the end of its slice when other jobs wait for a slot', async () => {
  const slice = new VerifySlice(10, async () => true);
  await sleep(20);
  expect(slice.spent()).toBe(true);
  expect(await slice.over()).toBe(true);
});

it('takes another slice when no job waits, and asks once for parts asking together', async () => {
  let asked = 0;
  const slice = new VerifySlice(30, async () => {
    asked += 1;
    await sleep(5);
    return false;
  });
  await sleep(40);
  expect(await Promise.all([slice.over(), slice.over(), slice.over()])).toEqual([false, false, false]);
  expect(asked).toBe(1);
  expect(slice.spent()).toBe(false);
});

it('ends at once when the process is stopping, with no job waiting and time left', async () => {
  let stopping = false;
  const slice = new VerifySlice(
    60_000,
    async () => false,
    () => stopping,
  );
  expect(await slice.over()).toBe(false);
  stopping = true;
  expect(slice.spent()).toBe(true);
  expect(await slice.over()).toBe(true);
});
