/**
 * An emulated slow link for the benchmarks: a TCP proxy in front of the gateway that carries each
 * direction at `bitsPerSecond` (one queue per direction, shared by all connections, like one access
 * link) and delays every byte by half of `roundTripMs` on the way (so a request and its answer pay
 * the whole round trip). Measured, never asserted: the bench compares batched and one-at-a-time
 * replay through the same link in the same run.
 */
import { createServer, connect, type AddressInfo, type Socket } from 'node:net';

const SLICE = 4 * 1024;

/** One direction of the link: bytes leave in order, at the link's rate, and arrive half a round trip later. */
class Direction {
  private freeAt = 0;
  constructor(
    private readonly bytesPerMs: number,
    private readonly delayMs: number,
  ) {}

  /** When `bytes` sent now arrive at the other end. */
  arrival(bytes: number): number {
    const start = Math.max(performance.now(), this.freeAt);
    this.freeAt = start + bytes / this.bytesPerMs;
    return this.freeAt + this.delayMs;
  }
}

/** Forwards `from` to `to` through `direction`, keeping order. */
function pipeThrough(from: Socket, to: Socket, direction: Direction): void {
  const queue: { at: number; chunk: Buffer }[] = [];
  let timer: NodeJS.Timeout | null = null;
  let ended = false;
  const pump = () => {
    timer = null;
    const now = performance.now();
    while (queue.length > 0 && (queue[0]?.at ?? 0) <= now) to.write((queue.shift() as { chunk: Buffer }).chunk);
    if (queue.length > 0) timer = setTimeout(pump, Math.max(0, (queue[0]?.at ?? now) - now));
    else if (ended) to.end();
  };
  from.on('data', (data: Buffer) => {
    for (let offset = 0; offset < data.length; offset += SLICE) {
      const chunk = data.subarray(offset, offset + SLICE);
      queue.push({ at: direction.arrival(chunk.length), chunk });
    }
    if (timer === null) pump();
  });
  from.on('end', () => {
    ended = true;
    if (timer === null) pump();
  });
}

export interface SlowLink {
  url: string;
  close(): Promise<void>;
}

export async function slowLink(target: string, options: { bitsPerSecond: number; roundTripMs: number }): Promise<SlowLink> {
  const { hostname, port } = new URL(target);
  const bytesPerMs = options.bitsPerSecond / 8 / 1000;
  const up = new Direction(bytesPerMs, options.roundTripMs / 2);
  const down = new Direction(bytesPerMs, options.roundTripMs / 2);
  const sockets = new Set<Socket>();
  const server = createServer((client) => {
    const upstream = connect(Number(port), hostname);
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on('close', () => sockets.delete(socket));
      socket.on('error', () => {
        client.destroy();
        upstream.destroy();
      });
    }
    pipeThrough(client, upstream, up);
    pipeThrough(upstream, client, down);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${address.port}`,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
