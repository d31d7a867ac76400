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
export async function captureIfFailed(context: BrowserContext): Promise<void> {
  const test = running.test;
  if (test?.result?.state !== 'fail') return;
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
