/**
 * A build that warns fails: every warning Vite or Rolldown prints during `vite build` (a chunk over
 * the size limit, an unresolved import, a plugin's this.warn, a deprecated option, ...) is kept,
 * and the build ends with an error that lists them. A warning nobody reads is a warning that stays:
 * fix its cause, or, for a warning that says nothing about the code, turn its check off where the
 * build is configured (vite.config.ts) with the reason beside it.
 *
 * Use: `const gate = warningGate();` then `customLogger: gate.logger` and `plugins: [gate.plugin]`.
 */
import { createLogger, type Logger, type Plugin } from 'vite';

export interface WarningGate {
  /** Vite's logger, keeping each warning it prints */
  logger: Logger;
  /** fails the build once it is written, when a warning was printed */
  plugin: Plugin;
  /** the warnings printed so far, without colours */
  warnings: () => readonly string[];
}

// eslint-disable-next-line no-control-regex -- the colour codes a terminal logger writes
const ANSI = /\u001b\[[0-9;]*m/g;
export const plain = (message: string) => message.replace(ANSI, '').trim();

/** The error the build ends with after `warnings`; null when there were none. */
export function warningFailure(warnings: readonly string[]): string | null {
  if (warnings.length === 0) return null;
  const listed = warnings.map((warning) => `- ${warning.split('\n').join('\n  ')}`).join('\n');
  return `The build printed ${warnings.length === 1 ? 'a warning' : `${warnings.length} warnings`}; a build must print none (scripts/build-warnings.ts):\n${listed}`;
}

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/** How the gate's own chunk size check starts its warning, as Vite's reporter does. */
const CHUNK_SIZE = 'Some chunks are larger than';

export function warningGate(base: Logger = createLogger('info', { allowClearScreen: false })): WarningGate {
  const warnings: string[] = [];
  let checked = false;
  let ownChunkSizeWarning = false;
  const keep = (message: string) => {
    // Vite's own chunk size warning, when the gate's check has already said it
    if (ownChunkSizeWarning && plain(message).includes(CHUNK_SIZE)) return;
    warnings.push(plain(message));
    // a warning that arrives after the check still fails the build: the process ends in an error
    if (checked) {
      process.exitCode = 1;
      base.error(warningFailure(warnings.slice(-1)) ?? '');
    }
  };
  const logger: Logger = {
    info: (message, options) => base.info(message, options),
    error: (message, options) => base.error(message, options),
    clearScreen: (type) => base.clearScreen(type),
    hasErrorLogged: (error) => base.hasErrorLogged(error),
    get hasWarned() {
      return base.hasWarned;
    },
    set hasWarned(value) {
      base.hasWarned = value;
    },
    warn(message, options) {
      keep(message);
      base.warn(message, options);
    },
    warnOnce(message, options) {
      keep(message);
      base.warnOnce(message, options);
    },
  };
  let chunkLimit = 500;
  let checksChunks = false;
  const plugin: Plugin = {
    name: 'lobby-build-warnings',
    apply: 'build',
    configResolved(config) {
      chunkLimit = config.build.chunkSizeWarningLimit;
      // where Vite's reporter warns of large chunks: a minified app, not a library
      checksChunks = Boolean(config.build.minify) && !config.build.lib;
    },
    // Vite 8 reports chunk sizes from Rolldown's native side, and its warning reaches the logger
    // through a queue of its own, at no fixed point before closeBundle (on a busy machine, after
    // it). The gate measures the chunks itself, here, where the written code is known.
    generateBundle(_options, bundle) {
      if (!checksChunks) return;
      const large = Object.values(bundle).flatMap((item) =>
        item.type === 'chunk' && item.code.length / 1000 > chunkLimit
          ? [`${item.fileName} (${(item.code.length / 1000).toFixed(2)} kB)`]
          : [],
      );
      if (large.length === 0) return;
      keep(`(!) ${CHUNK_SIZE} ${chunkLimit} kB after minification: ${large.join(', ')}`);
      ownChunkSizeWarning = true;
    },
    // last: Vite reports chunk sizes while the bundle is written
    closeBundle: {
      order: 'post',
      async handler() {
        // Rolldown hands other warnings to the logger through its own queue too, not in step
        // with this hook. Each turn of the event loop runs what the bundler queued before it;
        // two turns let most in, and one that comes later still fails the process (keep).
        await nextTurn();
        await nextTurn();
        checked = true;
        const failure = warningFailure(warnings);
        if (failure !== null) this.error(failure);
      },
    },
  };
  return { logger, plugin, warnings: () => warnings };
}
