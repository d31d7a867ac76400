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
    seq, id: `e${seq}`, idempotencyKey: `k${seq}`, method, path: method === 'POST' ? '/organization/org/note' : `/organization/org/note/${recordUuid}`, body, ifMatch: null, userUuid: 'u', orgUuid: 'org', created: 0, attempts: 0,
    status: 'pending', lastError: null, lastStatus: null, problem: null, errorMessages: [], label: '', recordUuid, collection: 'note',
    original: null, theirs: null, draft: null, backoff: null, summary: null, ...overrides,
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

  it('keeps a nested collection to its own parent: the outbox scope is the organization, the path says which parent', () => {
    const pkg = z.object({ uuid: z.string(), hotelUuid: z.string(), label: z.string(), version: z.number() });
    type Pkg = z.infer<typeof pkg>;
    const packages = defineClientResource<Pkg, { label: string }, { org: string; hotel: string }>({
      kind: 'pkg',
      queryKey: 'pkgs',
      path: ({ org, hotel }) => `/organization/${org}/hotel/${hotel}/pkg`,
      record: pkg,
      list: z.object({ data: z.array(pkg) }),
      inputOf: ({ label }) => ({ label }),
      blank: ({ hotel }) => ({ hotelUuid: hotel, label: '' }),
      compare: (a, b) => a.label.localeCompare(b.label),
      labels: { create: (i) => i.label, update: (i) => i.label, delete: (r) => r.label },
    });
    const h1 = { org: 'org', hotel: 'h1' };
    expect(packages.itemPath(h1, 'p')).toBe('/organization/org/hotel/h1/pkg/p');
    expect(packages.keys.list('u', h1)).toEqual(['pkgs', 'u', 'org', 'h1']);
    const rows = packages.applyQueued(
      [],
      [
        entry('POST', 'x', { label: 'In h1' }, { collection: 'pkg', path: '/organization/org/hotel/h1/pkg' }),
        entry('POST', 'y', { label: 'In h2' }, { collection: 'pkg', path: '/organization/org/hotel/h2/pkg' }),
        entry('POST', 'z', { label: 'Prefix only' }, { collection: 'pkg', path: '/organization/org/hotel/h1/pkg-other' }),
      ],
      h1,
    );
    expect(rows).toEqual([{ uuid: 'x', hotelUuid: 'h1', label: 'In h1', version: 1, pending: true, removal: null }]);
  });

  it('shows a record that a queued change of another collection writes (a hotel save makes its hotel), created or laid over', () => {
    const withOthers = defineClientResource<Note, { label: string }>({
      ...notes.declaration,
      alsoWrites: (queued) => (queued.collection === 'bundle' ? { recordUuid: queued.recordUuid ?? '', body: (queued.body as { note: { label: string } }).note } : null),
    });
    const rows = withOthers.applyQueued(
      [{ uuid: 'a', orgUuid: 'org', label: 'Beta', version: 3 }],
      [
        entry('PUT', 'n', { note: { label: 'Made by a bundle' } }, { collection: 'bundle', path: '/organization/org/bundle/n' }),
        entry('PUT', 'a', { note: { label: 'Renamed by a bundle' } }, { collection: 'bundle', path: '/organization/org/bundle/a' }),
        entry('PUT', 'a', { note: { label: 'Refused' } }, { collection: 'bundle', status: 'failed' }),
      ],
      'org',
    );
    expect(rows).toEqual([
      { uuid: 'n', orgUuid: 'org', label: 'Made by a bundle', version: 1, pending: true, removal: null },
      { uuid: 'a', orgUuid: 'org', label: 'Renamed by a bundle', version: 3, pending: true, removal: null },
    ]);
  });
});
