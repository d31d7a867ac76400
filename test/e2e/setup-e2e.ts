// Journeys record which test runs, so a browser closed after a failure can say what it showed (failure-capture.ts).
import { afterEach, beforeEach } from 'vitest';
import { setRunningTest } from './failure-capture';

beforeEach(({ task }) => setRunningTest(task));
afterEach(() => setRunningTest(null));
