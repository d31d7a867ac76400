/**
 * The app imports Mantine's styles component by component (src/app/mantine-styles.css), not the
 * whole of @mantine/core/styles.css. This check, run by `vite build` (a plugin in vite.config.ts),
 * fails the build when the built JavaScript uses a Mantine class (`m_` and 8 hex digits, the names
 * Mantine's components put on their elements) that no stylesheet of the build defines: a component
 * whose file is missing from that list would show unstyled.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Plugin } from 'vite';
import type { BundleItem } from './budgets';

const MANTINE_CLASS = /\bm_[0-9a-f]{8}\b/g;

const classesIn = (text: string) => new Set(text.match(MANTINE_CLASS) ?? []);

/** Every class @mantine/core's full stylesheet defines. */
export function mantineClasses(): Set<string> {
  const require = createRequire(import.meta.url);
  return classesIn(readFileSync(require.resolve('@mantine/core/styles.css'), 'utf8'));
}

/** The Mantine classes the bundle's JavaScript uses and none of its stylesheets defines, sorted. */
export function missingMantineStyles(bundle: readonly BundleItem[], known: ReadonlySet<string>): string[] {
  const used = new Set<string>();
  const styled = new Set<string>();
  for (const item of bundle) {
    if (item.type === 'chunk') for (const name of classesIn(item.code)) used.add(name);
    else if (item.fileName.endsWith('.css')) for (const name of classesIn(typeof item.source === 'string' ? item.source : Buffer.from(item.source).toString('utf8'))) styled.add(name);
  }
  return [...used].filter((name) => known.has(name) && !styled.has(name)).sort();
}

/** The Vite plugin: fails the build, naming the classes, when one is missing. */
export function mantineStyles(): Plugin {
  return {
    name: 'lobby-mantine-styles',
    apply: 'build',
    generateBundle(_options, bundle) {
      const known = mantineClasses();
      const missing = missingMantineStyles(Object.values(bundle) as BundleItem[], known);
      if (missing.length === 0) return;
      const require = createRequire(import.meta.url);
      const stylesDir = require.resolve('@mantine/core/styles.css').replace(/styles\.css$/, 'styles/');
      const files = new Set<string>();
      for (const name of missing) {
        const found = mantineComponentFile(stylesDir, name);
        if (found) files.add(found);
      }
      this.error(`Mantine classes used but not styled: ${missing.join(', ')}. Add to src/app/mantine-styles.css: ${[...files].join(', ') || '(their component files)'}`);
    },
  };
}

/** The component file of @mantine/core/styles/ that defines the class. */
function mantineComponentFile(stylesDir: string, name: string): string | undefined {
  return readdirSync(stylesDir)
    .filter((file) => file.endsWith('.css') && !file.endsWith('.layer.css'))
    .find((file) => classesIn(readFileSync(`${stylesDir}${file}`, 'utf8')).has(name))
    ?.replace(/^/, '@mantine/core/styles/');
}
