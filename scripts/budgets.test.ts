import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { BUDGETS, checkBudgets, gzipSize, type BundleItem } from './budgets';

// random bytes do not compress: their base64 text weighs about as many bytes gzipped
const incompressible = (bytes: number) => randomBytes(bytes).toString('base64');
const chunk = (fileName: string, code: string, extra: Partial<Extract<BundleItem, { type: 'chunk' }>> = {}): BundleItem => ({
  type: 'chunk',
  name: fileName.replace(/^assets\//, '').replace(/\.js$/, ''),
  fileName,
  code,
  isEntry: false,
  isDynamicEntry: false,
  facadeModuleId: null,
  imports: [],
  ...extra,
});
const LOGIN = '/repo/src/features/auth/pages/login-page.tsx';

describe('build budgets', () => {
  it('count the entry, the login route and their static imports, each once, but not other lazy screens', () => {
    const bundle = [
      chunk('assets/index.js', 'a'.repeat(5000), { isEntry: true, imports: ['assets/react.js'] }),
      chunk('assets/react.js', incompressible(30_000)),
      chunk('assets/login.js', incompressible(4000), { isDynamicEntry: true, facadeModuleId: LOGIN, imports: ['assets/react.js', 'assets/form.js'] }),
      chunk('assets/form.js', incompressible(6000)),
      chunk('assets/pms.js', incompressible(50_000), { isDynamicEntry: true, facadeModuleId: '/repo/src/features/pms/pages/pms-page.tsx' }),
    ];
    const report = checkBudgets(bundle);
    const expected = ['assets/index.js', 'assets/react.js', 'assets/login.js', 'assets/form.js'].reduce((sum, name) => {
      const item = bundle.find((entry) => entry.fileName === name);
      return sum + gzipSize(item?.type === 'chunk' ? item.code : '');
    }, 0);
    expect(report.failures).toEqual([]);
    expect(report.lines[0]).toBe(`cold /login JS: ${(expected / 1024).toFixed(1)} KiB gzipped in 4 files (budget 200.0 KiB)`);
  });

  it('fail a cold /login over 200 KiB, naming the largest chunks', () => {
    const report = checkBudgets([
      chunk('assets/index.js', 'x', { isEntry: true, imports: ['assets/vendor.js'] }),
      chunk('assets/vendor.js', incompressible(BUDGETS.coldLoginJs + 2048)),
      chunk('assets/login.js', 'y', { isDynamicEntry: true, facadeModuleId: LOGIN }),
    ]);
    expect(report.failures).toHaveLength(1);
    expect(report.failures[0]).toMatch(/^cold \/login JS is 20\d\.\d KiB gzipped, over its budget of 200\.0 KiB \(largest: assets\/vendor\.js/);
  });

  it('fail a lazy route chunk over 60 KiB and a stylesheet over 40 KiB, by name', () => {
    const report = checkBudgets([
      chunk('assets/index.js', 'x', { isEntry: true }),
      chunk('assets/login.js', 'y', { isDynamicEntry: true, facadeModuleId: LOGIN }),
      chunk('assets/hotel-wizard.js', incompressible(BUDGETS.lazyChunk + 1024), { isDynamicEntry: true }),
      { type: 'asset', fileName: 'assets/index.css', source: incompressible(BUDGETS.css + 1024) },
      { type: 'asset', fileName: 'assets/small.css', source: 'a{color:red}' },
    ]);
    expect(report.failures).toEqual([
      expect.stringMatching(/^lazy chunk assets\/hotel-wizard\.js is 6\d\.\d KiB gzipped, over its budget of 60\.0 KiB$/),
      expect.stringMatching(/^stylesheet assets\/index\.css is 4\d\.\d KiB gzipped, over its budget of 40\.0 KiB$/),
    ]);
  });

  it('say so when the login route cannot be found, rather than pass', () => {
    const report = checkBudgets([chunk('assets/index.js', 'x', { isEntry: true })]);
    expect(report.failures).toEqual(['budgets: could not find the login route chunk in the build']);
  });

  it('fail a chunk over 500 kB minified, though it compresses well, by name', () => {
    const report = checkBudgets([
      chunk('assets/index.js', 'x', { isEntry: true }),
      chunk('assets/login.js', 'y', { isDynamicEntry: true, facadeModuleId: LOGIN }),
      chunk('assets/react.js', 'a'.repeat((BUDGETS.chunkKb + 1) * 1000)),
      chunk('assets/router.js', 'a'.repeat(BUDGETS.chunkKb * 1000)),
    ]);
    expect(report.failures).toEqual(['chunk assets/react.js is 501 kB minified, over its budget of 500 kB: split it (vite.config.ts CHUNK_GROUPS)']);
  });

  it('fail a chunk named over 40 characters, and pass one of 40', () => {
    const long = 'lib~user-management-page~sync-page~pms-page~packages-page';
    const report = checkBudgets([
      chunk('assets/index.js', 'x', { isEntry: true }),
      chunk('assets/login.js', 'y', { isDynamicEntry: true, facadeModuleId: LOGIN }),
      chunk(`assets/${long}-CbZci4ig.js`, 'z', { name: long }),
      chunk('assets/mantine-overlays-Bqs1LXxq.js', 'z', { name: 'm'.repeat(BUDGETS.chunkName) }),
    ]);
    expect(report.failures).toEqual([
      `chunk assets/${long}-CbZci4ig.js has a name of ${long.length} characters, over 40: name what it holds (vite.config.ts CHUNK_GROUPS)`,
    ]);
  });
});
