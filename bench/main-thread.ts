/**
 * The main thread while a screen opens, in Debian's Chromium on the production build served by the
 * real gateway (never asserted; part of `npm run bench -- first-load`, or alone as `main-thread`):
 * a cold visit to /login (fresh profile), then, signed in, a fresh load of the organization page,
 * the PMS page and the units page of the demo organization. Each at desktop speed and with the CPU
 * 4× slower (CDP Emulation.setCPUThrottlingRate 4, Lighthouse's mobile setting), from the
 * document's start until the screen shows its data and the network is quiet (Long Tasks API):
 *  - the longest task;
 *  - the total blocking time as Lighthouse counts it (TBT): from first contentful paint on, each
 *    task's time past 50 ms, a task under way at the paint counted from it;
 *  - beside it, the blocking time since the navigation (every task's time past 50 ms, the ones
 *    before the first paint too: the HTML's commit, the boot script's evaluation, the first render).
 * Goals: no task over 50 ms at desktop speed, TBT under 200 ms at 4×. The worst task's Long
 * Animation Frame script attribution is printed beside (file:char of the build).
 *
 * Wall-clock tasks grow with whatever else the machine runs. So the desktop-speed load is also
 * traced (CDP Tracing, 'toplevel'), and each main-thread task's own CPU time (the trace's thread
 * duration) is counted: the longest, and the blocking time it would make on a CPU 4× slower
 * (Σ max(0, 4 × CPU time − 50 ms)), figures that hold on a busy machine.
 *
 * The service worker is blocked, so each load runs the network's answers and the page's own code
 * only. With BENCH_BASELINE_DIST naming an earlier build's dist/, that build is measured in the
 * same run ("before"); with BENCH_CPU_PROFILE=<dir>, a CPU profile of each throttled load is written.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { chromium, type BrowserContext, type CDPSession, type Page } from 'playwright-core';
import { CHROMIUM_FLAGS, startGateway } from '../test/e2e/harness';
import { gatewayClient, signIn } from '../test/e2e/journeys';
import type { Row } from './stats';
import { traced } from './trace';

const LONG_TASK_MS = 50;
const TBT_GOAL_MS = 200;
const RUNS = 5;
const THROTTLES = [1, 4] as const;

interface Task {
  start: number;
  duration: number;
}

interface Frame {
  start: number;
  duration: number;
  scripts: { invoker: string; sourceURL: string; sourceFunctionName: string; sourceCharPosition: number; duration: number }[];
}

interface Probe {
  /** first-contentful-paint, page time (ms); 0 before it */
  fcp: number;
  tasks: Task[];
  frames: Frame[];
}

declare global {
  interface Window {
    __mainThreadBench?: Probe;
  }
}

/** Installed before any script of each document (plain JS): every long task and long animation frame. */
const PROBE = `(() => {
  if (window.__mainThreadBench) return;
  const probe = { fcp: 0, tasks: [], frames: [] };
  window.__mainThreadBench = probe;
  try {
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) probe.tasks.push({ start: e.startTime, duration: e.duration });
    }).observe({ type: 'longtask', buffered: true });
  } catch (error) {}
  try {
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) if (e.name === 'first-contentful-paint') probe.fcp = e.startTime;
    }).observe({ type: 'paint', buffered: true });
  } catch (error) {}
  try {
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) probe.frames.push({ start: e.startTime, duration: e.duration,
        scripts: (e.scripts || []).map((s) => ({ invoker: s.invoker, sourceURL: s.sourceURL, sourceFunctionName: s.sourceFunctionName, sourceCharPosition: s.sourceCharPosition, duration: s.duration })) });
    }).observe({ type: 'long-animation-frame', buffered: true });
  } catch (error) {}
})();`;

interface Screen {
  label: string;
  path: (org: string) => string;
  /** what the screen shows once its data is in */
  ready: (page: Page) => Promise<void>;
}

const SCREENS: readonly Screen[] = [
  {
    label: 'organization page',
    path: (org) => `/organization/${org}`,
    ready: (page) => page.getByRole('heading', { name: 'Demo Hospitality Group', level: 1 }).waitFor({ timeout: 60_000 }),
  },
  { label: 'PMS page', path: (org) => `/organization/${org}/pms`, ready: (page) => page.getByRole('cell', { name: 'Mock PMS' }).first().waitFor({ timeout: 60_000 }) },
  { label: 'units page', path: (org) => `/organization/${org}/ous`, ready: (page) => page.getByText('Harbour View Hotel').first().waitFor({ timeout: 60_000 }) },
];

interface Measure {
  longest: number;
  /** since the document started: every task's time past 50 ms */
  blocking: number;
  /** Lighthouse's total blocking time: from first contentful paint, each task cut at it */
  tbt: number;
  /** what ran in the longest task */
  worst: string;
  /** from the trace (desktop speed only): the longest task's CPU time, and the blocking time 4 times it makes */
  cpu?: { longest: number; blocking4x: number };
}

const fileOf = (url: string) => url.replace(/^.*\//, '') || '(page)';

/** The page's long tasks since its document started: the longest, the total blocking time, the worst's scripts. */
async function measure(page: Page): Promise<Measure> {
  const probe = await page.evaluate(() => window.__mainThreadBench ?? { fcp: 0, tasks: [], frames: [] });
  const longest = probe.tasks.reduce<Task | null>((best, task) => (best === null || task.duration > best.duration ? task : best), null);
  const blocking = probe.tasks.reduce((sum, task) => sum + Math.max(0, task.duration - LONG_TASK_MS), 0);
  const tbt = probe.tasks.reduce((sum, task) => sum + Math.max(0, task.start + task.duration - Math.max(task.start, probe.fcp) - LONG_TASK_MS), 0);
  let worst = 'no long task';
  if (longest) {
    const frame = probe.frames.filter((f) => f.start <= longest.start + longest.duration && f.start + f.duration >= longest.start).sort((a, b) => b.duration - a.duration)[0];
    const scripts = [...(frame?.scripts ?? [])].sort((a, b) => b.duration - a.duration).slice(0, 2);
    worst = scripts.map((s) => `${s.duration.toFixed(0)} ms ${s.sourceFunctionName || s.invoker || '(anonymous)'} @ ${fileOf(s.sourceURL)}:${s.sourceCharPosition}`).join('; ') || 'no script attributed';
  }
  return { longest: longest?.duration ?? 0, blocking, tbt, worst };
}

/** Loads `url` in a fresh document at the CPU rate and measures it once the screen is ready and the network quiet. */
async function load(context: BrowserContext, page: Page, url: string, rate: number, ready: () => Promise<void>, profileName: string): Promise<Measure> {
  const cdp: CDPSession = await context.newCDPSession(page);
  try {
    await cdp.send('Emulation.setCPUThrottlingRate', { rate });
    const profileDir = process.env.BENCH_CPU_PROFILE;
    if (profileDir && rate > 1) {
      await cdp.send('Profiler.enable');
      await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
      await cdp.send('Profiler.start');
    }
    const open = async () => {
      await page.goto(url, { waitUntil: 'commit' });
      await ready();
      await page.waitForLoadState('networkidle');
      return measure(page);
    };
    let result: Measure;
    if (rate === 1) {
      const { result: measured, tasks } = await traced(cdp, open);
      const cpu = tasks.map((task) => task.cpu);
      result = { ...measured, cpu: { longest: Math.max(0, ...cpu), blocking4x: cpu.reduce((sum, ms) => sum + Math.max(0, 4 * ms - LONG_TASK_MS), 0) } };
    } else {
      result = await open();
    }
    if (profileDir && rate > 1) {
      const { profile } = await cdp.send('Profiler.stop');
      mkdirSync(profileDir, { recursive: true });
      writeFileSync(join(profileDir, `${profileName}.cpuprofile`), JSON.stringify(profile));
    }
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
    return result;
  } finally {
    await cdp.detach().catch(() => undefined);
  }
}

async function loginUsable(page: Page): Promise<void> {
  await page.getByLabel('Email').waitFor({ state: 'visible', timeout: 60_000 });
  await page.getByRole('button', { name: 'Sign in' }).waitFor({ state: 'visible' });
}

/** One fresh profile: /login cold, sign in, then each signed-in screen loaded afresh. */
async function session(url: string, org: string, rate: number, run: number, label: string): Promise<Map<string, Measure>> {
  const userDataDir = mkdtempSync(join(tmpdir(), 'lobby-bench-main-'));
  const context = await chromium.launchPersistentContext(userDataDir, {
    executablePath: '/usr/bin/chromium',
    headless: true,
    args: CHROMIUM_FLAGS,
    serviceWorkers: 'block',
    viewport: { width: 1280, height: 800 },
  });
  const tag = `${label.replace(/\W+/g, '-')}-${rate}x-${run}`;
  try {
    await context.addInitScript({ content: PROBE });
    const page = context.pages()[0] ?? (await context.newPage());
    const results = new Map<string, Measure>();
    results.set('/login (cold)', await load(context, page, `${url}/login`, rate, () => loginUsable(page), `${tag}-login`));
    await signIn(page, url);
    await page.waitForLoadState('networkidle');
    for (const screen of SCREENS) {
      results.set(screen.label, await load(context, page, `${url}${screen.path(org)}`, rate, () => screen.ready(page), `${tag}-${screen.label.replace(/\W+/g, '-')}`));
    }
    return results;
  } finally {
    await context.close();
    rmSync(userDataDir, { recursive: true, force: true });
  }
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor((values.length - 1) / 2)] as number;
const ms = (value: number) => `${value.toFixed(0)} ms`;

export async function mainThreadBench(): Promise<Row[]> {
  const variants = [{ label: 'this build', dist: resolve('dist') }];
  const baseline = process.env.BENCH_BASELINE_DIST;
  if (baseline) variants.push({ label: 'baseline build (before)', dist: resolve(baseline) });

  const rows: Row[] = [];
  for (const variant of variants) {
    const gateway = await startGateway({ DIST_DIR: variant.dist, LOG_LEVEL: 'warn' });
    try {
      const { org } = await gatewayClient(gateway.url);
      for (const rate of THROTTLES) {
        const runs: Map<string, Measure>[] = [];
        for (let run = 0; run < RUNS; run += 1) runs.push(await session(gateway.url, org, rate, run, variant.label));
        for (const name of runs[0]?.keys() ?? []) {
          const all = runs.map((result) => result.get(name) as Measure);
          const longest = median(all.map((m) => m.longest));
          const blocking = median(all.map((m) => m.blocking));
          const tbt = median(all.map((m) => m.tbt));
          const worst = [...all].sort((a, b) => b.longest - a.longest)[0] as Measure;
          const goal =
            rate === 1 ? `goal no task > ${LONG_TASK_MS} ms (${longest <= LONG_TASK_MS ? 'met' : 'NOT met'})` : `goal TBT < ${TBT_GOAL_MS} ms (${tbt < TBT_GOAL_MS ? 'met' : 'NOT met'})`;
          const cpu = all.every((m) => m.cpu)
            ? `; CPU time: longest task ${ms(median(all.map((m) => m.cpu?.longest ?? 0)))}, blocking at 4× ${ms(median(all.map((m) => m.cpu?.blocking4x ?? 0)))}`
            : '';
          rows.push({
            benchmark: `main thread: ${name}, ${variant.label}, ${rate === 1 ? 'desktop CPU' : `CPU ${rate}× slower`}`,
            n: all.length,
            figure: `longest task ${ms(longest)}, TBT ${ms(tbt)} (blocking since navigation ${ms(blocking)})${cpu}; ${goal}`,
            note: `medians; worst run's longest task ${ms(worst.longest)}: ${worst.worst}`,
          });
        }
      }
    } finally {
      await gateway.stop();
    }
  }
  return rows;
}
