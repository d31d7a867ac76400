import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { build, createLogger, type Plugin } from 'vite';
import { plain, warningFailure, warningGate } from './build-warnings';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** A real `vite build` of a one-module app, with the gate as vite.config.ts wires it. */
async function buildWithGate(options: { plugins?: Plugin[]; chunkSizeWarningLimit?: number } = {}) {
  const root = mkdtempSync(join(tmpdir(), 'lobby-build-warnings-'));
  dirs.push(root);
  writeFileSync(join(root, 'index.html'), '<!doctype html><title>t</title><script type="module" src="/main.js"></script>\n');
  writeFileSync(join(root, 'main.js'), `document.title = ${JSON.stringify('hello '.repeat(400))};\n`);
  const gate = warningGate(createLogger('silent'));
  await build({
    root,
    configFile: false,
    logLevel: 'silent',
    customLogger: gate.logger,
    plugins: [...(options.plugins ?? []), gate.plugin],
    build: {
      outDir: join(root, 'dist'),
      minify: true,
      ...(options.chunkSizeWarningLimit !== undefined ? { chunkSizeWarningLimit: options.chunkSizeWarningLimit } : {}),
    },
  });
  return gate;
}

const warns = (message: string): Plugin => ({
  name: 'warns',
  transform(code, id) {
    if (id.endsWith('main.js')) this.warn(message);
    return code;
  },
});

describe('a build that warns fails', () => {
  it('passes a build that prints no warning', async () => {
    const gate = await buildWithGate();
    expect(gate.warnings()).toEqual([]);
  });

  it("fails a build whose plugin warns, quoting the warning", async () => {
    await expect(buildWithGate({ plugins: [warns('this import is deprecated')] })).rejects.toThrow(
      /The build printed a warning; a build must print none \(scripts\/build-warnings\.ts\):\n- .*this import is deprecated/,
    );
  });

  it("fails a build over Vite's chunk size limit, the warning every build used to print", async () => {
    // the gate measures the chunks itself: Vite 8's own warning comes from Rolldown's native side at
    // no fixed moment, and on a busy machine it came after the build had been checked
    await expect(buildWithGate({ chunkSizeWarningLimit: 1 })).rejects.toThrow(
      /^The build printed a warning; a build must print none \(scripts\/build-warnings\.ts\):\n- \(!\) Some chunks are larger than 1 kB after minification: assets\/index-[\w-]+\.js \(\d+\.\d\d kB\)$/,
    );
  });

  it('lists each warning without its colours, and says nothing of a quiet build', () => {
    expect(plain('\u001b[33m(!) Some chunks are larger\u001b[39m\n')).toBe('(!) Some chunks are larger');
    expect(warningFailure([])).toBeNull();
    expect(warningFailure(['first', 'second\nline'])).toBe(
      'The build printed 2 warnings; a build must print none (scripts/build-warnings.ts):\n- first\n- second\n  line',
    );
  });
});

describe('a warning that comes after the check', () => {
  it('still fails the build: the process ends in an error that quotes it', async () => {
    const errors: string[] = [];
    const base = createLogger('silent');
    const gate = warningGate({ ...base, error: (message) => errors.push(message) });
    const hook = gate.plugin.closeBundle as { handler: (this: { error: (message: string) => never }) => Promise<void> };
    const failed: string[] = [];
    await hook.handler.call({
      error: (message: string) => {
        failed.push(message);
        throw new Error(message);
      },
    });
    expect(failed).toEqual([]);
    const before = process.exitCode;
    try {
      gate.logger.warn('(!) Some chunks are larger than 1 kB after minification');
      expect(process.exitCode).toBe(1);
      expect(errors).toEqual([
        'The build printed a warning; a build must print none (scripts/build-warnings.ts):\n- (!) Some chunks are larger than 1 kB after minification',
      ]);
    } finally {
      process.exitCode = before;
    }
  });

  it("is not doubled by Vite's own chunk size warning once the gate has said it", () => {
    const before = process.exitCode;
    try {
      // however late Vite's native reporter speaks, the build has already failed once, not twice
      const again = warningGate(createLogger('silent'));
      const hooks = again.plugin as unknown as {
        configResolved: (config: { build: { chunkSizeWarningLimit: number; minify: boolean; lib: false } }) => void;
        generateBundle: (options: unknown, bundle: Record<string, { type: 'chunk'; fileName: string; code: string }>) => void;
      };
      hooks.configResolved({ build: { chunkSizeWarningLimit: 1, minify: true, lib: false } });
      hooks.generateBundle({}, { 'a.js': { type: 'chunk', fileName: 'assets/a.js', code: 'x'.repeat(1500) } });
      again.logger.warn('\u001b[33m(!) Some chunks are larger than 1 kB after minification. Consider:\u001b[39m');
      expect(again.warnings()).toEqual(['(!) Some chunks are larger than 1 kB after minification: assets/a.js (1.50 kB)']);
      expect(process.exitCode).toBe(before);
    } finally {
      process.exitCode = before;
    }
  });
});
