import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { BundleItem } from './budgets';
import { mantineClasses, missingMantineStyles } from './mantine-styles';

const chunk = (fileName: string, code: string): BundleItem => ({ type: 'chunk', name: fileName, fileName, code, isEntry: false, isDynamicEntry: false, facadeModuleId: null, imports: [] });
const css = (fileName: string, source: string | Uint8Array): BundleItem => ({ type: 'asset', fileName, source });

describe('Mantine styles check', () => {
  const known = new Set(['m_aaaaaaaa', 'm_bbbbbbbb', 'm_cccccccc']);

  it('names the Mantine classes the JavaScript uses that no stylesheet defines, in either chunk', () => {
    const bundle = [
      chunk('assets/boot.js', 'const classes={root:"m_aaaaaaaa",inner:"m_bbbbbbbb"};'),
      chunk('assets/pms.js', 'x("m_cccccccc")'),
      css('assets/index.css', '.m_aaaaaaaa{display:flex}'),
    ];
    expect(missingMantineStyles(bundle, known)).toEqual(['m_bbbbbbbb', 'm_cccccccc']);
  });

  it('finds none when a stylesheet (text or bytes) defines each, and ignores look-alikes Mantine does not define', () => {
    const bundle = [
      chunk('assets/boot.js', 'const c={root:"m_aaaaaaaa",inner:"m_bbbbbbbb"},other="m_12345678";'),
      css('assets/index.css', '.m_aaaaaaaa{display:flex}'),
      css('assets/pms.css', new TextEncoder().encode('.m_bbbbbbbb:where([data-x]){color:red}')),
      // a class in a file that is not a stylesheet does not count
      css('assets/notes.txt', '.m_cccccccc{}'),
    ];
    expect(missingMantineStyles(bundle, known)).toEqual([]);
    expect(missingMantineStyles([...bundle, chunk('assets/more.js', '"m_cccccccc"')], known)).toEqual(['m_cccccccc']);
  });

  it('knows the classes of the full Mantine stylesheet, and the app imports styles for the ones its components use', () => {
    const all = mantineClasses();
    expect(all.size).toBeGreaterThan(300);
    // the login form's components: the check would name these if their files were left out
    const ours = readFileSync(new URL('../src/app/mantine-styles.css', import.meta.url), 'utf8');
    for (const component of ['Input', 'Button', 'PasswordInput', 'Paper', 'Stack', 'Title', 'Text']) expect(ours).toContain(`@mantine/core/styles/${component}.css`);
  });
});
