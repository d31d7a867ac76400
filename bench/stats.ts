/** Small helpers for `npm run bench`: percentiles and a printed table. Benchmarks print; they never assert. */
export function percentile(sortedMs: readonly number[], p: number): number {
  if (sortedMs.length === 0) return Number.NaN;
  const index = Math.min(sortedMs.length - 1, Math.max(0, Math.ceil((p / 100) * sortedMs.length) - 1));
  return sortedMs[index] as number;
}

export interface Row {
  benchmark: string;
  n: number;
  p50?: number;
  p95?: number;
  figure?: string;
  note?: string;
}

export async function timeEach(n: number, run: (i: number) => Promise<void>): Promise<number[]> {
  const times: number[] = [];
  for (let i = 0; i < n; i += 1) {
    const start = performance.now();
    await run(i);
    times.push(performance.now() - start);
  }
  return times.sort((a, b) => a - b);
}

export function latencyRow(benchmark: string, sorted: readonly number[], note?: string): Row {
  return { benchmark, n: sorted.length, p50: percentile(sorted, 50), p95: percentile(sorted, 95), note };
}

export function printTable(rows: readonly Row[]): void {
  const fmt = (v: number | undefined) => (v === undefined ? '' : `${v.toFixed(2)} ms`);
  const lines = [
    ['benchmark', 'n', 'p50', 'p95', 'figure', 'note'],
    ...rows.map((r) => [r.benchmark, String(r.n), fmt(r.p50), fmt(r.p95), r.figure ?? '', r.note ?? '']),
  ];
  const widths = lines[0]!.map((_, col) => Math.max(...lines.map((line) => line[col]!.length)));
  for (const line of lines) console.log(line.map((cell, col) => cell.padEnd(widths[col]!)).join('  '));
}
