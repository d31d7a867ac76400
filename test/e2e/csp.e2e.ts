/**
 * The content security policy in Debian's Chromium: signing in and opening the signed-in screens
 * breaks it nowhere (zod parses without `new Function` in the page, the worker and the service
 * worker), and the harness that every journey closes its browser with catches a violation, in a page
 * or in a worker, and fails the journey with it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openBrowser, startGateway, type Browser, type Gateway } from './harness';
import { gatewayClient, signIn, waitForServiceWorker } from './journeys';

let gateway: Gateway;
let browser: Browser | undefined;
let org: string;

beforeAll(async () => {
  gateway = await startGateway();
  org = (await gatewayClient(gateway.url)).org;
});
afterAll(async () => {
  await browser?.close();
  await gateway?.stop();
});

describe('the content security policy', () => {
  it('holds on the sign-in page and the signed-in screens, in the page and in the service worker', async () => {
    browser = await openBrowser();
    const { page } = browser;
    await signIn(page, gateway.url);
    await waitForServiceWorker(page);
    await page.getByRole('heading', { name: 'Organizations', level: 1 }).waitFor();
    // a full load of a screen, through the service worker now
    await page.goto(`${gateway.url}/organization/${org}/ous`);
    await page.locator('main h1').first().waitFor();
    expect(await browser.cspViolations()).toEqual([]);
    await browser.close();
    browser = undefined;
  });

  it('a violation in a page of the app fails the journey when its browser closes', async () => {
    const opened = await openBrowser();
    browser = opened;
    const { page } = opened;
    await signIn(page, gateway.url);
    // code the page runs itself (DevTools' own evaluation may eval): an inline script, then a string timer
    await page.evaluate(() => {
      const script = document.createElement('script');
      script.textContent = 'window.injected = true';
      document.head.append(script);
      setTimeout('window.evaluated = true', 0);
    });
    await expect.poll(() => opened.cspViolations()).toEqual([
      expect.stringMatching(/^script-src-elem refused inline at .* on .*\/organizations$/),
      expect.stringMatching(/^script-src refused eval at .* on .*\/organizations$/),
    ]);
    // a violation is kept across a navigation
    await page.goto(`${gateway.url}/organization/${org}/ous`);
    expect(await opened.cspViolations()).toHaveLength(2);
    browser = undefined;
    await expect(opened.close()).rejects.toThrow(/Content security policy violations:\nscript-src-elem refused inline/);
  });

  it('a violation in the service worker fails the journey too', async () => {
    const opened = await openBrowser();
    browser = opened;
    await signIn(opened.page, gateway.url);
    await waitForServiceWorker(opened.page);
    const [worker] = opened.context.serviceWorkers();
    await worker?.evaluate(() => {
      setTimeout('self.evaluated = true', 0);
    });
    await expect.poll(() => opened.cspViolations()).toEqual([expect.stringMatching(/^script-src refused eval at .* in service worker http:.*\/sw\.js$/)]);
    browser = undefined;
    await expect(opened.close()).rejects.toThrow(/Content security policy violations:\nscript-src refused eval .* in service worker/);
  });

  it('a violation in a worker fails the journey, even when the worker has ended by then', async () => {
    const opened = await openBrowser();
    browser = opened;
    await signIn(opened.page, gateway.url);
    // any script of the app's origin may run as a worker (this one expects a window: it only fails)
    const started = opened.page.waitForEvent('worker');
    await opened.page.evaluate(() => {
      (window as unknown as { testWorker: Worker }).testWorker = new Worker('/config.js');
    });
    const worker = await started;
    await worker.evaluate(() => {
      setTimeout('self.evaluated = true', 0);
    });
    await expect.poll(() => opened.cspViolations()).toEqual([expect.stringMatching(/^script-src refused eval at .* in worker http:.*\/config\.js$/)]);
    const ended = new Promise((resolve) => worker.once('close', resolve));
    await opened.page.evaluate(() => (window as unknown as { testWorker: Worker }).testWorker.terminate());
    await ended;
    browser = undefined;
    await expect(opened.close()).rejects.toThrow(/Content security policy violations:\nscript-src refused eval .* in worker .*\/config\.js/);
  });
});
