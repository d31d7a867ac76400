/**
 * When a journey fails, what the operator would have seen: each open page's address, its visible
 * text and a screenshot, written before the journey's browsers close (their afterEach), so a
 * failure on a busy CI machine says whether the page was slow, elsewhere or showing an error.
 *
 * The e2e project's setup file (test/e2e/setup-e2e.ts) records the running test; a test's result is
 * marked failed before its afterEach hooks run, which is where browsers are closed.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { BrowserContext } from 'playwright-core';

interface RunningTest {
  name: string;
  result?: { state?: string };
}

const running: { test: RunningTest | null } = { test: null };

export function setRunningTest(test: RunningTest | null): void {
  running.test = test;
}

const FOLDER = join('test-results', 'e2e-failures');
const TEXT_LIMIT = 2_000;

/** Writes what each page of the context shows if the running test has failed; never throws. */
/** The journeys' browsers open now (openBrowser registers each), and those already captured for the failed test. */
const open = new Set<BrowserContext>();
const captured = { test: null as RunningTest | null, contexts: new Set<BrowserContext>() };

/** Follows `context` until it closes, so a failed test captures it even when the file closes it later (afterAll). */
export function followForFailures(context: BrowserContext): void {
  open.add(context);
  context.once('close', () => open.delete(context));
}

/**
 * After each test (test/e2e/setup-e2e.ts): if it failed, what each browser still open shows, such
 * as one a file opens once for all its tests and closes after the last.
 */
export async function captureOpenIfFailed(): Promise<void> {
  for (const context of [...open]) await captureIfFailed(context);
}

export async function captureIfFailed(context: BrowserContext): Promise<void> {
  const test = running.test;
  if (test?.result?.state !== 'fail') return;
  if (captured.test !== test) {
    captured.test = test;
    captured.contexts.clear();
  }
  // closed by the test's own afterEach first, then still listed here: once is enough
  if (captured.contexts.has(context)) return;
  captured.contexts.add(context);
  const stem = test.name.replace(/[^a-z0-9]+/gi, '-').slice(0, 80);
  mkdirSync(FOLDER, { recursive: true });
  let index = 0;
  for (const page of context.pages()) {
    index += 1;
    try {
      const shot = join(FOLDER, `${stem}-${index}.png`);
      await page.screenshot({ path: shot, fullPage: true, timeout: 10_000 });
      const text = (await page.locator('body').innerText({ timeout: 5_000 })).slice(0, TEXT_LIMIT);
      writeFileSync(join(FOLDER, `${stem}-${index}.txt`), `${page.url()}\n\n${text}\n`);
      console.error(`[failed journey] page ${index} at ${page.url()} (screenshot ${shot}):\n${text}`);
    } catch (error) {
      console.error(`[failed journey] page ${index} at ${page.url()} could not be captured: ${String(error)}`);
    }
  }
}
