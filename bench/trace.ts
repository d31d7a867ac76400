/**
 * The renderer's main-thread tasks as Chromium's trace records them ('toplevel'): each task's wall
 * time and its own CPU time. On 2 shared cores a task's wall time also counts the time the thread
 * waited for a core (the gateway, the worker and the browser run beside the page); its CPU time is
 * the work the page did. A task long in wall time but short in CPU time was the machine, not the page.
 */
import type { CDPSession, Page } from 'playwright-core';

interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  dur?: number;
  tdur?: number;
  args?: { name?: string };
}

/** One main-thread task: wall and CPU time (ms). */
export interface TracedTask {
  wall: number;
  cpu: number;
}

/** The tasks the renderer's main thread ran while traced (the page's: the main thread that ran the most). */
export function mainThreadTasks(events: readonly TraceEvent[]): TracedTask[] {
  const mains = new Set(events.filter((e) => e.ph === 'M' && e.name === 'thread_name' && e.args?.name === 'CrRendererMain').map((e) => `${e.pid}:${e.tid}`));
  const tasks = events.filter((e) => e.ph === 'X' && e.name === 'ThreadControllerImpl::RunTask' && mains.has(`${e.pid}:${e.tid}`));
  const busy = new Map<string, number>();
  for (const task of tasks) busy.set(`${task.pid}:${task.tid}`, (busy.get(`${task.pid}:${task.tid}`) ?? 0) + (task.tdur ?? 0));
  const page = [...busy].sort((a, b) => b[1] - a[1])[0]?.[0];
  return tasks.filter((task) => `${task.pid}:${task.tid}` === page).map((task) => ({ wall: (task.dur ?? 0) / 1000, cpu: (task.tdur ?? 0) / 1000 }));
}

/** Traces `session` from start() to stop(), which gives the main thread's tasks meanwhile. */
export function taskTracer(session: CDPSession) {
  const events: TraceEvent[] = [];
  const collect = (data: { value: Record<string, unknown>[] }) => {
    events.push(...(data.value as unknown as TraceEvent[]));
  };
  return {
    async start(): Promise<void> {
      events.length = 0;
      session.on('Tracing.dataCollected', collect);
      await session.send('Tracing.start', { traceConfig: { includedCategories: ['toplevel', '__metadata'] }, transferMode: 'ReportEvents' });
    },
    async stop(): Promise<TracedTask[]> {
      const complete = new Promise<void>((resolve) => session.once('Tracing.tracingComplete', () => resolve()));
      await session.send('Tracing.end');
      await complete;
      session.off('Tracing.dataCollected', collect);
      return mainThreadTasks(events);
    },
  };
}

/** `run` traced on the page's own session: its result and the main thread's tasks meanwhile. */
export async function traced<T>(session: CDPSession, run: () => Promise<T>): Promise<{ result: T; tasks: TracedTask[] }> {
  const tracer = taskTracer(session);
  await tracer.start();
  const result = await run();
  return { result, tasks: await tracer.stop() };
}

/** A fresh DevTools session on `page` (a tracer's own, beside Playwright's). */
export const sessionOf = (page: Page): Promise<CDPSession> => page.context().newCDPSession(page);
