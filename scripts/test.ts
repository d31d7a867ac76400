/**
 * `npm test` after the build: the browser journeys (project e2e, two files at a time) run beside the
 * other projects (unit, dom, gateway, two files at a time at least), as two vitest runs at once
 * (docs/adr/0051).
 *
 * In one vitest run they could not overlap: vitest runs a project whose files run one at a time in a
 * group of its own, after every other file, and the others got one worker on 2 cores. Two runs keep
 * both cores busy from the start. Each line says which run wrote it; the exit code is the first
 * failing run's, else 0. With arguments (`npm test -- server/routes/units.test.ts`) it is one plain
 * `vitest run` with them.
 */
import { spawn } from 'node:child_process';
import { availableParallelism } from 'node:os';
import { createInterface } from 'node:readline';

const vitest = 'node_modules/vitest/vitest.mjs';

interface Run {
  label: string;
  args: string[];
}

function start({ label, args }: Run): Promise<number> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [vitest, 'run', ...args], { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, FORCE_COLOR: process.env.FORCE_COLOR ?? '0' } });
    for (const [stream, out] of [
      [child.stdout, process.stdout],
      [child.stderr, process.stderr],
    ] as const) {
      createInterface({ input: stream }).on('line', (line) => out.write(`[${label}] ${line}\n`));
    }
    child.on('error', (error) => {
      process.stderr.write(`[${label}] could not start vitest: ${error.message}\n`);
      resolve(1);
    });
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

async function main(): Promise<number> {
  const extra = process.argv.slice(2);
  if (extra.length > 0) return start({ label: 'vitest', args: extra });
  const runs: Run[] = [
    { label: 'journeys', args: ['--project', 'e2e'] },
    // two files at a time at least: vitest's default (one fewer than the cores) is one on 2 cores,
    // and a gateway file waits on its database and child processes part of the time
    { label: 'unit, dom, gateway', args: ['--project', 'unit', '--project', 'dom', '--project', 'dom-isolated', '--project', 'gateway', '--maxWorkers', String(Math.max(2, availableParallelism() - 1))] },
  ];
  const codes = await Promise.all(runs.map(start));
  runs.forEach((run, index) => process.stdout.write(`== ${run.label}: ${codes[index] === 0 ? 'passed' : `failed (exit ${codes[index]})`}\n`));
  return codes.find((code) => code !== 0) ?? 0;
}

process.exitCode = await main();
