/**
 * Content security policy violations seen by a browser context, so a journey fails on any of them
 * (test/e2e/harness.ts openBrowser checks this when the browser closes).
 *
 * - Documents: a `securitypolicyviolation` listener added to every document before its scripts run
 *   (addInitScript), reporting through a binding at once, so a page that navigates or closes keeps
 *   what it reported; pages controlled by the service worker included.
 * - Service workers and workers: no script can be added to them first, so each one is attached to
 *   as it starts (DevTools protocol), and Chromium's issues about it are followed: Audits.enable
 *   replays those it collected already, then sends each new one; a CSP issue for each violation.
 *   A worker that has ended since still told what it did.
 *
 * DevTools' own evaluations (page.evaluate) may eval; a test makes a violation with code the page
 * runs itself (an inline script, a string timer).
 */
import type { BrowserContext } from 'playwright-core';

export interface CspWatch {
  /** Every violation so far, one line each: directive, what was blocked, where, in which page or worker. */
  violations: () => Promise<string[]>;
}

const BINDING = '__lobbyCspViolation';

interface IssueDetails {
  violatedDirective?: string;
  contentSecurityPolicyViolationType?: string;
  blockedURL?: string;
  sourceCodeLocation?: { url?: string; lineNumber?: number; columnNumber?: number };
}

export async function watchCspViolations(context: BrowserContext): Promise<CspWatch> {
  const inDocuments: string[] = [];
  await context.exposeBinding(BINDING, ({ page }, line: string) => {
    inDocuments.push(`${line} on ${page?.url() ?? 'a page'}`);
  });
  await context.addInitScript((binding: string) => {
    document.addEventListener('securitypolicyviolation', (event) => {
      const report = (window as unknown as Record<string, (line: string) => void>)[binding];
      report?.(`${event.effectiveDirective} refused ${event.blockedURI || '(inline)'} at ${event.sourceFile}:${event.lineNumber}`);
    });
  }, BINDING);
  const inWorkers = await followWorkers(context);
  return { violations: async () => [...inDocuments, ...(await inWorkers())] };
}

const WORKER_TYPES = ['service_worker', 'worker', 'shared_worker'];

interface TargetInfo {
  targetId: string;
  type: string;
  url: string;
}

/**
 * Attaches to each worker of the browser as it starts and follows its CSP issues; answers a
 * function that tells them all so far, each with the worker's type and address.
 */
async function followWorkers(context: BrowserContext): Promise<() => Promise<string[]>> {
  const browser = context.browser();
  if (!browser) return async () => [];
  const session = await browser.newBrowserCDPSession();
  const issues: { targetId: string; line: string }[] = [];
  /** each worker's type and address by target id; its address is known once its script loads */
  const labels = new Map<string, string>();
  const sessions = new Map<string, { targetId: string; answered: () => void }>();
  /** work in flight: attachments, and looking up the address of a worker that had an issue */
  const pending = new Set<Promise<unknown>>();
  const track = (work: Promise<unknown>) => {
    const settled = work.catch(() => undefined).finally(() => pending.delete(settled));
    pending.add(settled);
  };
  const label = ({ targetId, type, url }: TargetInfo) => labels.set(targetId, `${type.replace('_', ' ')} ${url}`);

  session.on('Target.receivedMessageFromTarget', ({ sessionId, message }) => {
    const target = sessions.get(sessionId);
    if (!target) return;
    const parsed = JSON.parse(message) as { id?: number; method?: string; params?: { issue?: { details: { contentSecurityPolicyIssueDetails?: IssueDetails } } } };
    const details = parsed.params?.issue?.details.contentSecurityPolicyIssueDetails;
    if (parsed.method === 'Audits.issueAdded' && details) {
      const at = details.sourceCodeLocation;
      // kEvalViolation: eval, kInlineViolation: inline, as a document's event names them
      const what = details.blockedURL ?? details.contentSecurityPolicyViolationType?.replace(/^k(\w+)Violation$/, (_, kind: string) => kind.toLowerCase()) ?? '?';
      issues.push({ targetId: target.targetId, line: `${details.violatedDirective ?? '?'} refused ${what} at ${at?.url ?? '?'}:${(at?.lineNumber ?? 0) + 1}` });
      track(session.send('Target.getTargetInfo', { targetId: target.targetId }).then(({ targetInfo }) => label(targetInfo)));
    }
    if (parsed.id === 1) target.answered();
  });
  session.on('Target.targetCreated', ({ targetInfo }) => {
    if (!WORKER_TYPES.includes(targetInfo.type)) return;
    label(targetInfo);
    const { targetId } = targetInfo;
    track(
      (async () => {
        const { sessionId } = await session.send('Target.attachToTarget', { targetId, flatten: false });
        // the issues collected before this come ahead of the answer to Audits.enable
        const answered = new Promise<void>((resolve) => sessions.set(sessionId, { targetId, answered: resolve }));
        await session.send('Target.sendMessageToTarget', { sessionId, message: JSON.stringify({ id: 1, method: 'Audits.enable' }) });
        await Promise.race([answered, new Promise((resolve) => setTimeout(resolve, 5_000))]);
      })(),
    );
  });
  // announces the targets already there too
  await session.send('Target.setDiscoverTargets', { discover: true });

  return async () => {
    while (pending.size > 0) await Promise.all(pending);
    return issues.map(({ targetId, line }) => `${line} in ${labels.get(targetId) ?? 'a worker'}`);
  };
}
