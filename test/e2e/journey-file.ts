/**
 * What most journey files share: one gateway, started before the file's tests and stopped after
 * them, and a fresh browser per test, closed after the test that opened it (closing keeps what it
 * showed when the test failed, and fails the test on a content security policy violation).
 */
import { afterAll, afterEach, beforeAll } from 'vitest';
import { openBrowser, startGateway, type Browser, type Gateway } from './harness';

export interface JourneyFile {
  /** the file's gateway, once its tests run */
  readonly gateway: Gateway;
  /** a fresh browser, closed after this test */
  open(): Promise<Browser>;
}

export function journeyFile(): JourneyFile {
  let gateway: Gateway | null = null;
  let opened: Browser[] = [];
  beforeAll(async () => {
    gateway = await startGateway();
  });
  afterEach(async () => {
    const closing = opened;
    opened = [];
    const failures: unknown[] = [];
    for (const browser of closing) await browser.close().catch((error: unknown) => failures.push(error));
    if (failures.length > 0) throw failures[0];
  });
  afterAll(async () => {
    await gateway?.stop();
  });
  return {
    get gateway() {
      if (gateway === null) throw new Error('A journey file’s gateway is started before its tests (beforeAll)');
      return gateway;
    },
    async open() {
      const browser = await openBrowser();
      opened.push(browser);
      return browser;
    },
  };
}
