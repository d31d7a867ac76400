/*
 * Work that must finish before the app reloads itself into a new version (docs/architecture.md "Updates"):
 * the draft store registers its flush here, so an edit typed a moment ago is in IndexedDB before
 * the page goes. Hooks run together; a slow or failing hook cannot hold the update back for more
 * than the time cap.
 */

export type BeforeReloadHook = () => Promise<void> | void;

/** How long a reload waits for the hooks at most. */
export const BEFORE_RELOAD_CAP_MS = 2_000;

const hooks = new Set<BeforeReloadHook>();

/** Run `hook` before every update reload; returns a function that removes it. */
export function onBeforeReload(hook: BeforeReloadHook): () => void {
  hooks.add(hook);
  return () => {
    hooks.delete(hook);
  };
}

/** Run every hook, together; resolves when all have settled or the cap has passed. Never rejects. */
export async function runBeforeReload(capMs: number = BEFORE_RELOAD_CAP_MS): Promise<void> {
  const settled = Promise.allSettled([...hooks].map(async (hook) => hook())).then((results) => {
    for (const result of results) {
      if (result.status === 'rejected') console.warn('A before-reload hook failed', result.reason);
    }
  });
  let timer: ReturnType<typeof setTimeout> | undefined;
  const cap = new Promise<void>((resolve) => {
    timer = setTimeout(resolve, capMs);
  });
  await Promise.race([settled, cap]);
  clearTimeout(timer);
}
