import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

/*
 * A fresh clone stands alone: every document a tracked file names (docs/…, README.md, an ADR) is in
 * the repository, and nothing points outside it (a clone has no ../shared).
 */
const tracked = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard'], { encoding: 'utf8' })
  .split('\n')
  .filter((file) => /\.(md|ts|tsx|js|cjs|json|html)$/.test(file) && !file.startsWith('node_modules/') && existsSync(file) && file !== 'package-lock.json');

describe('documents named in the repository', () => {
  it('exist in the repository', () => {
    const missing: string[] = [];
    for (const file of tracked) {
      const text = readFileSync(file, 'utf8');
      for (const match of text.matchAll(/\b(docs\/[\w./-]+\.md|README\.md)\b/g)) {
        const named = match[1] as string;
        if (!existsSync(named)) missing.push(`${file} names ${named}`);
      }
      for (const match of text.matchAll(/\bADR (\d{4})\b/g)) {
        const number = match[1] as string;
        const found = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard', `docs/adr/${number}-*.md`], { encoding: 'utf8' }).trim();
        if (found === '') missing.push(`${file} names ADR ${number}`);
      }
    }
    expect(missing).toEqual([]);
  });

  it('point nowhere outside the repository', () => {
    const outside = tracked.filter((file) => file !== 'scripts/docs-links.test.ts' && /\.\.\/shared|DESIGN\.md|STYLE\.md/.test(readFileSync(file, 'utf8')));
    expect(outside).toEqual([]);
  });
});
