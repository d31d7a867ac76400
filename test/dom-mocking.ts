/**
 * The component test files that replace modules (vi.mock, vi.doMock). The 'dom' project shares one
 * module graph and one document among the files of a worker (vitest.config.ts, docs/adr/0052): a
 * replaced module would be the next file's too, so these run in 'dom-isolated', each in a graph of
 * its own. scripts/test-projects.test.ts fails when a file that mocks is missing here.
 */
export const DOM_MOCKING = ['src/app/route-reads-early.test.tsx', 'src/features/pms/components/rate-code-import-modal.test.tsx', 'src/features/pms/pages/hotel-wizard.test.tsx'];
