import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { OutboxEntry } from './records';
import { defineClientResource } from './resource';

// A tiny test-only resource: the factory's pure parts, apart from any feature.
const note = z.object({ uuid: z.string(), orgUuid: z.string(), label: z.string(), version: z.number() });
type Note = z.infer<typeof note>;
const notes = defineClientResource<Note, { label: string }>({
  kind: 'note',
  queryKey: 'notes',
  path: (org) => `/organization/${org}/note`,
  record: note,
  list: z.object({ data: z.array(note) }),
  inputOf: ({ label }) => ({ label }),
  blank: (org) => ({ orgUuid: org, label: '' }),
  compare: (a, b) => a.label.localeCompare(b.label),
  labels: { create: (i) => `New ${i.label}`, update: (i) => `Edit ${i.label}`, delete: (r) => `Remove ${r.label}` },
});

let seq = 0;
function entry(method: OutboxEntry['method'], recordUuid: string, body: unknown, overrides: Partial<OutboxEntry> = {}): OutboxEntry {
  seq += 1;
  return {
    seq, id: `e${seq}`, idempotencyKey: `k${seq}`, method, path: '/x', body, ifMatch: null, userUuid: 'u', orgUuid: 'org', created: 0, attempts: 0,
    status: 'pending', lastError: null, lastStatus: null, problem: null, errorMessages: [], label: '', recordUuid, collection: 'note',
    original: null, theirs: null, draft: null, ...overrides,
  };
}

describe('defineClientResource', () => {
  it('derives paths and query keys', () => {
    expect(notes.path('o')).toBe('/organization/o/note');
    expect(notes.itemPath('o', 'n')).toBe('/organization/o/note/n');
    expect(notes.keys.list('u', 'o')).toEqual(['notes', 'u', 'o']);
  });

  it('applies queued creates, edits and removals of its own kind and organization, in its order', () => {
    const list: Note[] = [
      { uuid: 'a', orgUuid: 'org', label: 'Beta', version: 3 },
      { uuid: 'b', orgUuid: 'org', label: 'Delta', version: 1 },
    ];
    const rows = notes.applyQueued(
      list,
      [
        entry('POST', 'c', { uuid: 'c', label: 'Alpha' }),
        entry('PUT', 'a', { label: 'Gamma' }),
        entry('DELETE', 'b', null, { status: 'sending' }),
        entry('PUT', 'b', { label: 'Other kind' }, { collection: 'other' }),
        entry('PUT', 'b', { label: 'Other org' }, { orgUuid: 'elsewhere' }),
        entry('PUT', 'b', { label: 'Refused' }, { status: 'failed' }),
      ],
      'org',
    );
    expect(rows).toEqual([
      { uuid: 'c', orgUuid: 'org', label: 'Alpha', version: 1, pending: true, removal: null },
      { uuid: 'b', orgUuid: 'org', label: 'Delta', version: 1, pending: false, removal: { seq: expect.any(Number), sending: true } },
      { uuid: 'a', orgUuid: 'org', label: 'Gamma', version: 3, pending: true, removal: null },
    ]);
  });
});
