import { act, renderHook, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { loadDraft, saveDraft } from './drafts';
import { useDraft } from './hooks';
import type { DraftScope } from './records';

const scope: DraftScope = { userUuid: 'u1', orgUuid: 'o1', kind: 'pms-connection', recordId: 'r1' };
const schema = z.object({ name: z.string() });

describe('useDraft', () => {
  it('restores a draft with its time, and keeps the version the edit started from while typing on', async () => {
    await saveDraft(scope, { name: 'typed before the reload' }, { baseVersion: 1, now: 1234 });
    // meanwhile the record moved on to version 3
    const { result, unmount } = renderHook(() => useDraft({ scope, initial: { name: 'server' }, baseVersion: 3, schema }));
    await waitFor(() => expect(result.current.ready).toBe(true));
    expect(result.current.value).toEqual({ name: 'typed before the reload' });
    expect(result.current).toMatchObject({ restoredAt: 1234, restoredBaseVersion: 1 });

    act(() => result.current.setValue({ name: 'typed after the reload' }));
    await act(() => result.current.flush());
    expect(await loadDraft(scope)).toMatchObject({ value: { name: 'typed after the reload' }, baseVersion: 1 });

    await act(() => result.current.discard());
    expect(result.current.value).toEqual({ name: 'server' });
    expect(await loadDraft(scope)).toBeNull();
    unmount();
  });

  it('stores nothing while the form equals the record, and drops an old-shape draft', async () => {
    await saveDraft(scope, { title: 'old shape' }, { baseVersion: 1 });
    const { result, unmount } = renderHook(() => useDraft({ scope, initial: { name: 'server' }, baseVersion: 2, schema }));
    await waitFor(() => expect(result.current.ready).toBe(true));
    expect(result.current.restoredAt).toBeNull();
    expect(await loadDraft(scope)).toBeNull();
    act(() => result.current.setValue({ name: 'server' }));
    await act(() => result.current.flush());
    expect(await loadDraft(scope)).toBeNull();
    unmount();
  });

  it('says whether the form differs from the record it started from, which is when Save is offered', async () => {
    const { result, unmount } = renderHook(() => useDraft({ scope: { ...scope, recordId: 'r2' }, initial: { name: 'server' }, baseVersion: 2, schema }));
    await waitFor(() => expect(result.current.ready).toBe(true));
    expect(result.current.changed).toBe(false);
    act(() => result.current.setValue({ name: 'typed' }));
    expect(result.current.changed).toBe(true);
    act(() => result.current.setValue({ name: 'server' }));
    expect(result.current.changed).toBe(false);
    unmount();
  });
});
