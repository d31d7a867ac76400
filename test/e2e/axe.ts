/**
 * Accessibility as a habit: every journey calls expectAccessible on each screen and modal it opens.
 * axe-core checks WCAG 2.0 A/AA and 2.1 AA; a serious or critical violation fails the journey with
 * the rule, its help text and the elements that break it. Rules axe tags "experimental" are off
 * unless named: the ones in EXPERIMENTAL_RULES are on everywhere.
 */
import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from 'playwright-core';

export const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];
/** WCAG 2.5.3 label in name: a control's accessible name contains the words it shows. */
export const EXPERIMENTAL_RULES = ['label-content-name-mismatch'];
const BLOCKING = new Set(['serious', 'critical']);

async function settled(page: Page): Promise<void> {
  // animations and transitions settle first: a half-faded modal is not what an operator reads, and
  // on a busy machine a fixed wait is not enough (CSS transitions are in document.getAnimations()).
  // One that repeats forever (a loader's spinner) never ends, and is what the operator keeps seeing
  await page.waitForFunction(
    () => document.getAnimations().every((animation) => animation.playState !== 'running' || animation.effect?.getTiming().iterations === Infinity),
    undefined,
    { timeout: 10_000, polling: 50 },
  );
  await page.waitForTimeout(50);
}

async function blockingViolations(page: Page): Promise<string[]> {
  await settled(page);
  // the rules option before the tags: options() set after withTags() would replace the tags (runOnly).
  // Legacy mode runs axe.run in the page itself: the app has no frames, and the default (runPartial
  // in every frame, then finishRun in a blank page opened for it) took twice as long for the same
  // verdict, some 170 times a run. Only violations are reported: passes are not read.
  const rules = Object.fromEntries(EXPERIMENTAL_RULES.map((rule) => [rule, { enabled: true }]));
  const results = await new AxeBuilder({ page }).options({ rules, resultTypes: ['violations'] }).withTags(AXE_TAGS).setLegacyMode(true).analyze();
  return results.violations
    .filter((violation) => BLOCKING.has(violation.impact ?? ''))
    .map(
      (violation) =>
        `${violation.impact} ${violation.id}: ${violation.help} — ${violation.nodes
          .slice(0, 5)
          .map((node) => node.target.join(' '))
          .join('; ')}`,
    );
}

/**
 * The serious and critical violations of the page as it stays: a notice that started to fade in
 * while axe was reading (a save's outcome arrives when the gateway answers) is read again once it
 * has settled, so only what an operator would keep seeing counts.
 */
export async function accessibilityViolations(page: Page): Promise<string[]> {
  const first = await blockingViolations(page);
  if (first.length === 0) return first;
  await page.waitForTimeout(600);
  return blockingViolations(page);
}

/** Fails when `page` as it is now has any serious or critical violation; `screen` names it in the message. */
export async function expectAccessible(page: Page, screen: string): Promise<void> {
  const violations = await accessibilityViolations(page);
  if (violations.length > 0) throw new Error(`axe found ${violations.length} serious or critical violation(s) on ${screen}:\n- ${violations.join('\n- ')}`);
}
