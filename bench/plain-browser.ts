/**
 * Debian's Chromium driven over a bare DevTools pipe (--remote-debugging-pipe), for figures that
 * playwright-core's own work would colour. Playwright follows every request, response and frame of
 * its pages (its Network and Page domains, init scripts and bindings): on 2 cores, that work in the
 * browser process and the bench's node competes with the page it measures. Here only what the
 * bench asks for is enabled (Page, to add a script to every document and navigate; Runtime, to read
 * the page's own marks), nothing listens to the network, and the figures are the page's own clock.
 * An operator's browser has no DevTools client at all: this is the nearer of the two to what they see.
 *
 * The profile comes signed in from playwright-core (signedInProfile): the same Chromium, the same
 * flags, a fresh user-data-dir, closed before the plain browser opens it.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Readable, Writable } from 'node:stream';
import { chromium, type Page } from 'playwright-core';
import { CHROMIUM_FLAGS } from '../test/e2e/harness';
import { signIn, waitForServiceWorker } from '../test/e2e/journeys';

interface Message {
  id?: number;
  method?: string;
  sessionId?: string;
  result?: unknown;
  error?: { message: string };
}

export interface PlainBrowser {
  /** a DevTools command to the page (its session) */
  send<T = unknown>(method: string, params?: object): Promise<T>;
  /**
   * `expression` evaluated in the page, a promise awaited, its value back; retried while the page's
   * document is being replaced (a navigation under way), for up to `timeoutMs`
   */
  evaluate<T>(expression: string, timeoutMs?: number): Promise<T>;
  close(): Promise<void>;
}

/** The admin signed in at `url` in `page`, its service worker active and the cookie banner accepted. */
export async function signInForBench(page: Page, url: string): Promise<void> {
  await signIn(page, url);
  await waitForServiceWorker(page);
  const accept = page.getByRole('button', { name: 'Accept' });
  if (await accept.isVisible().catch(() => false)) await accept.click();
}

/**
 * A user-data-dir with the admin signed in at `url`, its service worker active and the cookie
 * banner accepted; `prepare` runs last in that page (e.g. a first opening of the screen measured).
 */
export async function signedInProfile(url: string, prepare: (page: Page) => Promise<void> = async () => undefined): Promise<{ dir: string; remove(): void }> {
  const dir = mkdtempSync(join(tmpdir(), 'lobby-plain-chromium-'));
  const remove = () => rmSync(dir, { recursive: true, force: true });
  try {
    const context = await chromium.launchPersistentContext(dir, { executablePath: '/usr/bin/chromium', headless: true, args: CHROMIUM_FLAGS, viewport: { width: 1280, height: 800 } });
    try {
      const page = context.pages()[0] ?? (await context.newPage());
      await signInForBench(page, url);
      await prepare(page);
    } finally {
      await context.close();
    }
    return { dir, remove };
  } catch (error) {
    remove();
    throw error;
  }
}

/** Chromium on `userDataDir` (the harness's flags, 1280 × 800), one page, attached over a pipe. */
export async function openPlainBrowser(userDataDir: string): Promise<PlainBrowser> {
  const child: ChildProcess = spawn('/usr/bin/chromium', [...CHROMIUM_FLAGS, '--remote-debugging-pipe', `--user-data-dir=${userDataDir}`, '--window-size=1280,800', 'about:blank'], {
    stdio: ['ignore', 'ignore', 'ignore', 'pipe', 'pipe'],
  });
  const toBrowser = child.stdio[3] as Writable;
  const fromBrowser = child.stdio[4] as Readable;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  let nextId = 0;
  const waiting = new Map<number, { resolve: (value: unknown) => void; reject: (error: Error) => void }>();
  let buffered = '';
  fromBrowser.on('data', (chunk: Buffer) => {
    buffered += chunk.toString('utf8');
    let end = buffered.indexOf('\0');
    while (end >= 0) {
      const message = JSON.parse(buffered.slice(0, end)) as Message;
      buffered = buffered.slice(end + 1);
      end = buffered.indexOf('\0');
      const waiter = message.id === undefined ? undefined : waiting.get(message.id);
      if (waiter === undefined || message.id === undefined) continue;
      waiting.delete(message.id);
      if (message.error) waiter.reject(new Error(message.error.message));
      else waiter.resolve(message.result);
    }
  });
  void exited.then(() => {
    for (const waiter of waiting.values()) waiter.reject(new Error('Chromium exited'));
    waiting.clear();
  });
  const command = <T>(method: string, params: object = {}, sessionId?: string) =>
    new Promise<T>((resolve, reject) => {
      nextId += 1;
      waiting.set(nextId, { resolve: resolve as (value: unknown) => void, reject });
      toBrowser.write(`${JSON.stringify({ id: nextId, method, params, ...(sessionId ? { sessionId } : {}) })}\0`);
    });

  const close = async () => {
    if (child.exitCode === null) {
      await command('Browser.close').catch(() => undefined);
      const killer = setTimeout(() => child.kill('SIGKILL'), 5_000);
      await exited;
      clearTimeout(killer);
    }
  };
  try {
    let page: { targetId: string } | undefined;
    const until = Date.now() + 30_000;
    while (page === undefined) {
      const { targetInfos } = await command<{ targetInfos: { targetId: string; type: string }[] }>('Target.getTargets');
      page = targetInfos.find((target) => target.type === 'page');
      if (page === undefined && Date.now() > until) throw new Error('Chromium opened no page');
      if (page === undefined) await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const { sessionId } = await command<{ sessionId: string }>('Target.attachToTarget', { targetId: page.targetId, flatten: true });
    const send = <T>(method: string, params: object = {}) => command<T>(method, params, sessionId);
    await send('Page.enable');
    return {
      send,
      evaluate: async <T>(expression: string, timeoutMs = 60_000): Promise<T> => {
        const deadline = Date.now() + timeoutMs;
        for (;;) {
          type Answer = { result: { value?: T }; exceptionDetails?: { text: string } };
          const answer = await send<Answer>('Runtime.evaluate', { expression, awaitPromise: true, returnByValue: true }).catch(
            (error: Error): Answer => ({ result: {}, exceptionDetails: { text: error.message } }),
          );
          if (answer.exceptionDetails === undefined && answer.result.value !== undefined) return answer.result.value;
          if (Date.now() > deadline) throw new Error(`${expression} gave nothing within ${timeoutMs} ms: ${answer.exceptionDetails?.text ?? 'undefined'}`);
          await new Promise((resolve) => setTimeout(resolve, 20));
        }
      },
      close,
    };
  } catch (error) {
    await close();
    throw error;
  }
}
