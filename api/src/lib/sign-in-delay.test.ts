import assert from 'node:assert/strict';
import { test } from 'node:test';
import { signInDelayMs } from './sign-in-delay';

test('no delay below the threshold, then one step per failure up to the ceiling', () => {
  const limits = { slowdownAfter: 20, delayStepMs: 250, maxDelayMs: 5_000 };
  assert.deepEqual(
    [0, 19, 20, 21, 23, 39, 40, 500].map((failures) => signInDelayMs(failures, limits)),
    [0, 0, 250, 500, 1_000, 5_000, 5_000, 5_000],
  );
});
