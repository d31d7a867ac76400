/**
 * Accessibility as a habit: every journey calls expectAccessible on each screen and modal it opens.
 * axe-core checks WCAG 2.0 A/AA and 2.1 AA; a serious or critical violation fails the journey with
 * the rule, its help text and the elements that break it. Rules axe tags "experimental" are off
 * unless named: the ones in EXPERIMENTAL_RULES are on everywhere.
 */
import axe from 'axe-core';
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

/** What axe reports of a violation (axe-core's result, the parts read here). */
interface Violation {
  id: string;
  impact?: string | null;
  help: string;
  nodes: { target: unknown[] }[];
}

/**
 * axe-core in the page, put there once per document: @axe-core/playwright sent its 550 KB source
 * three times a check (about 110 ms of a 150 ms check on a quiet machine, some 170 checks a run);
 * the same axe-core, run in the page as that package's legacy mode runs it, takes about 40 ms.
 * The app has no frames, so the page's document is all there is to check.
 */
async function runAxe(page: Page): Promise<Violation[]> {
  const present = await page.evaluate(() => typeof (window as { axe?: unknown }).axe === 'object');
  if (!present) await page.evaluate(axe.source);
  const rules = Object.fromEntries(EXPERIMENTAL_RULES.map((rule) => [rule, { enabled: true }]));
  return page.evaluate(
    async ({ tags, rules }) => {
      const { axe } = window as unknown as { axe: { run: (context: Document, options: object) => Promise<{ violations: Violation[] }> } };
      // the rules option beside the tags: runOnly picks the tagged rules, rules turns the named experimental ones on
      const results = await axe.run(document, { runOnly: { type: 'tag', values: tags }, rules, resultTypes: ['violations'] });
      return results.violations.map(({ id, impact, help, nodes }) => ({ id, impact, help, nodes: nodes.map(({ target }) => ({ target })) }));
    },
    { tags: AXE_TAGS, rules },
  );
}

async function blockingViolations(page: Page): Promise<string[]> {
  await settled(page);
  // only violations are reported: passes are not read
  const violations = await runAxe(page);
  return violations
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
