/**
 * Bulk work yields to everyone else (docs/adr/0030). On embedded PGlite the gateway has one
 * database connection, and a statement runs on the gateway's own thread: a long import would hold
 * both while another organization's simple read waits. So bulk work (the rate-code import) is cut
 * into short statements, and before each it takes its turn here: while interactive requests are in
 * flight it waits until they are answered (at most `maxWaitMs`, so it is never starved), otherwise
 * it only lets pending I/O in. On PostgreSQL every request has a connection of the pool and
 * transactions do not block readers, so the turn is only that yield.
 */
import { setImmediate as yieldToIo } from 'node:timers/promises';

export const BULK_TURN_MAX_WAIT_MS = 200;

export class BulkGate {
  private inFlight = 0;
  private waiters: (() => void)[] = [];

  constructor(private readonly waitForOthers: boolean) {}

  /** An interactive request started (the app's onRequest hook). */
  enter(): void {
    this.inFlight += 1;
  }

  /** It was answered or aborted. */
  leave(): void {
    this.inFlight = Math.max(0, this.inFlight - 1);
    if (this.inFlight === 0) this.wake();
  }

  /** Interactive requests in flight (tests and the bench read it). */
  get busy(): number {
    return this.inFlight;
  }

  /** Waits for bulk work's turn: after the interactive requests in flight, for at most maxWaitMs. */
  async turn(maxWaitMs = BULK_TURN_MAX_WAIT_MS): Promise<void> {
    await yieldToIo();
    if (!this.waitForOthers || this.inFlight === 0) return;
    await new Promise<void>((resolve) => {
      const done = () => {
        clearTimeout(timer);
        this.waiters = this.waiters.filter((waiter) => waiter !== done);
        resolve();
      };
      const timer = setTimeout(done, maxWaitMs);
      this.waiters.push(done);
    });
  }

  private wake(): void {
    const waiters = this.waiters;
    this.waiters = [];
    for (const waiter of waiters) waiter();
  }
}

/** A request counted in flight (the app's onRequest hook), until it is answered or becomes bulk work. */
const IN_FLIGHT = Symbol('lobby.inFlight');
type Tracked = { [IN_FLIGHT]?: boolean };

/** Counts `request` in flight (every request but bulk work's routes). */
export function enterInFlight(gate: BulkGate, request: object): void {
  gate.enter();
  (request as Tracked)[IN_FLIGHT] = true;
}

/**
 * `request` is no longer counted in flight: answered, aborted, or become bulk work itself (a big
 * hotel save writing ahead takes its turns like an import, and must not wait for itself).
 */
export function leaveInFlight(gate: BulkGate, request: object): void {
  const tracked = request as Tracked;
  if (tracked[IN_FLIGHT] !== true) return;
  tracked[IN_FLIGHT] = false;
  gate.leave();
}
