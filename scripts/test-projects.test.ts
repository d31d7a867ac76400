import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DOM_MOCKING } from '../test/dom-mocking';

/** Every component test file under src/, by its path from the project's root. */
function componentTests(dir = 'src'): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return componentTests(path);
    return entry.name.endsWith('.test.tsx') ? [path] : [];
  });
}

describe('the component test projects', () => {
  // the 'dom' project shares a module graph among the files of a worker: a file that replaces a
  // module there would replace it for the files after it
  it('run every file that replaces a module (vi.mock, vi.doMock) in a module graph of its own, and only those', () => {
    const mocking = componentTests().filter((path) => /\bvi\.(do)?[mM]ock\(/.test(readFileSync(path, 'utf8')));
    expect(mocking.sort()).toEqual([...DOM_MOCKING].sort());
  });
});
