// Journeys record which test runs, so a browser closed after a failure can say what it showed (failure-capture.ts).
import { afterEach, beforeEach } from 'vitest';
import { captureOpenIfFailed, setRunningTest } from './failure-capture';

beforeEach(({ task }) => setRunningTest(task));
// a browser a file keeps for all its tests is closed after the last: captured here if this test failed
afterEach(async () => {
  await captureOpenIfFailed();
  setRunningTest(null);
});
