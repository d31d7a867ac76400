import { act, renderHook, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { lobbyDb } from './db';
import { loadDraft, saveDraft } from './drafts';
import { sameValue } from './form-value';
import { useDraft, type DraftStorage } from './hooks';
import type { DraftScope } from './records';
import { unsyncedWork } from './wipe';

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

  it('makes an update from the value as it is by then: two changes from one render both stay, and the second is what is stored', async () => {
    type Pair = { name: string; city: string };
    const pairScope: DraftScope = { ...scope, recordId: 'r-pair' };
    const { result, unmount } = renderHook(() => useDraft<Pair>({ scope: pairScope, initial: { name: 'Sky Bar', city: 'Lisbon' }, baseVersion: 1, schema: z.object({ name: z.string(), city: z.string() }) }));
    await waitFor(() => expect(result.current.ready).toBe(true));
    // as a click and an effect that both saw the same render (a step opened as the lists arrive)
    const { setValue } = result.current;
    act(() => {
      setValue((current) => ({ ...current, name: 'Roof Bar' }));
      setValue((current) => ({ ...current, city: 'Porto' }));
    });
    expect(result.current.value).toEqual({ name: 'Roof Bar', city: 'Porto' });
    await act(() => result.current.flush());
    expect((await loadDraft(pairScope))?.value).toEqual({ name: 'Roof Bar', city: 'Porto' });
    // an update that changes nothing stores nothing new, and discarding starts the next update from the record
    act(() => setValue((current) => current));
    await act(() => result.current.discard());
    act(() => setValue((current) => ({ ...current, city: 'Faro' })));
    expect(result.current.value).toEqual({ name: 'Sky Bar', city: 'Faro' });
    unmount();
  });

  it('packs a value against the record as read when it was made, even when the record is read again before the write', async () => {
    type Listed = { name: string; items: string[] };
    const listedScope: DraftScope = { ...scope, recordId: 'r-listed' };
    const packedAgainst: Listed[] = [];
    // as the hotel wizard's: a list the value shares with the read is named, not copied
    const storage: DraftStorage<Listed> = {
      pack: (value, initial) => {
        packedAgainst.push(initial);
        return { name: value.name, items: value.items === initial.items ? 'shared' : value.items };
      },
      unpack: (stored, initial) => ({ ...(stored as { name: string }), items: initial.items }),
    };
    const read0: Listed = { name: 'server', items: ['a', 'b'] };
    // the same record read again: the same items, new objects
    const read1: Listed = { name: 'server', items: ['a', 'b'] };
    const { result, rerender, unmount } = renderHook(({ initial }) => useDraft({ scope: listedScope, initial, baseVersion: 1, schema: z.object({ name: z.string(), items: z.array(z.string()) }), storage }), { initialProps: { initial: read0 } });
    await waitFor(() => expect(result.current.ready).toBe(true));
    act(() => result.current.setValue({ name: 'typed', items: read0.items }));
    rerender({ initial: read1 });
    await act(() => result.current.flush());
    expect(packedAgainst.at(-1)).toBe(read0);
    expect((await loadDraft(listedScope))?.value).toEqual({ name: 'typed', items: 'shared' });
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

  it('a form drawn again on the same record (a new version after a save) reads what the one before kept last, not an older copy', async () => {
    const sameScope: DraftScope = { ...scope, recordId: 'r4' };
    const first = renderHook(() => useDraft({ scope: sameScope, initial: { name: 'server' }, baseVersion: 1, schema }));
    await waitFor(() => expect(first.result.current.ready).toBe(true));
    act(() => first.result.current.setValue({ name: 'typed' }));
    await act(() => first.result.current.flush());
    // the last value is still waiting for the typing pause when the page draws the form again
    act(() => first.result.current.setValue({ name: 'typed last' }));
    first.unmount();
    const again = renderHook(() => useDraft({ scope: sameScope, initial: { name: 'server' }, baseVersion: 2, schema }));
    await waitFor(() => expect(again.result.current.ready).toBe(true));
    expect(again.result.current.value).toEqual({ name: 'typed last' });
    await act(() => again.result.current.discard());
    again.unmount();
  });

  describe('a change handed to the outbox', () => {
    const twoFields = z.object({ name: z.string(), city: z.string() });
    const handScope: DraftScope = { ...scope, recordId: 'r3' };
    afterEach(() => lobbyDb().drafts.clear());
    const open = (initial: { name: string; city: string }) =>
      renderHook(({ start }) => useDraft({ scope: handScope, initial: start, baseVersion: 1, schema: twoFields }), { initialProps: { start: initial } });

    it('is no unsaved change from the moment it is handed over, before the queue answers, until the record is read back with it', async () => {
      const form = open({ name: 'Bar', city: 'Lisbon' });
      await waitFor(() => expect(form.result.current.ready).toBe(true));
      act(() => form.result.current.setValue({ name: 'Sky Bar', city: 'Lisbon' }));
      expect(form.result.current.changed).toBe(true);

      let answer: (seq: number) => void = () => undefined;
      let queued: Promise<number> = Promise.resolve(0);
      act(() => {
        queued = form.result.current.handOver({ name: 'Sky Bar', city: 'Lisbon' }, () => new Promise<number>((resolve) => (answer = resolve)));
      });
      // the queue (IndexedDB) has not answered yet: a leave asked now must find nothing unsaved
      expect(form.result.current.changed).toBe(false);
      await act(async () => {
        answer(7);
        expect(await queued).toBe(7);
      });
      expect(form.result.current.changed).toBe(false);
      expect(await loadDraft(handScope)).toBeNull();
      // the record read again, with the change in it
      form.rerender({ start: { name: 'Sky Bar', city: 'Lisbon' } });
      expect(form.result.current.changed).toBe(false);
      form.unmount();
    });

    it('keeps the edits beside the change as changes (and their draft); a discard goes back to what the change leaves', async () => {
      const form = open({ name: 'Bar', city: 'Lisbon' });
      await waitFor(() => expect(form.result.current.ready).toBe(true));
      act(() => form.result.current.setValue({ name: 'Sky Bar', city: 'Porto' }));
      await act(() => form.result.current.handOver({ name: 'Sky Bar', city: 'Lisbon' }, () => Promise.resolve(1)));
      expect(form.result.current.changed).toBe(true);
      await act(() => form.result.current.flush());
      expect(await loadDraft(handScope)).toMatchObject({ value: { city: 'Porto' } });
      await act(() => form.result.current.discard());
      expect(form.result.current).toMatchObject({ value: { name: 'Sky Bar', city: 'Lisbon' }, changed: false });
      form.unmount();
    });

    it('leaves the form as it was when the queue throws', async () => {
      const form = open({ name: 'Bar', city: 'Lisbon' });
      await waitFor(() => expect(form.result.current.ready).toBe(true));
      act(() => form.result.current.setValue({ name: 'Sky Bar', city: 'Lisbon' }));
      await act(async () => {
        await expect(form.result.current.handOver({ name: 'Sky Bar', city: 'Lisbon' }, () => Promise.reject(new Error('quota')))).rejects.toThrow('quota');
      });
      expect(form.result.current.changed).toBe(true);
      form.unmount();
    });

    it('clear: the form as it is counts as saved, not as a change, while the record is not read again', async () => {
      const form = open({ name: 'Bar', city: 'Lisbon' });
      await waitFor(() => expect(form.result.current.ready).toBe(true));
      act(() => form.result.current.setValue({ name: 'Sky Bar', city: 'Lisbon' }));
      await act(() => form.result.current.clear());
      expect(form.result.current.changed).toBe(false);
      // read again: the record is the baseline once more
      form.rerender({ start: { name: 'Bar', city: 'Faro' } });
      expect(form.result.current.changed).toBe(true);
      form.unmount();
    });
  });

  describe("a form whose value carries its own state (an open step) beside the record's", () => {
    const wizardScope: DraftScope = { ...scope, kind: 'hotel-save', recordId: 'hotel-1' };
    const wizardSchema = z.object({ step: z.number(), form: schema });
    const initial = { step: 9999, form: { name: 'Harbour View' } };
    const isChange = (value: z.infer<typeof wizardSchema>, start: typeof initial) => !sameValue(value.form, start.form);
    const open = () => renderHook(() => useDraft({ scope: wizardScope, initial, baseVersion: 2, schema: wizardSchema, isChange }));
    afterEach(() => lobbyDb().drafts.clear());

    it('keeps the open step, but a form reopened with nothing else changed says nothing of unsaved changes, nor does logout count it', async () => {
      const first = open();
      await waitFor(() => expect(first.result.current.ready).toBe(true));
      act(() => first.result.current.setValue({ ...initial, step: 3 }));
      expect(first.result.current.changed).toBe(false);
      await act(() => first.result.current.flush());
      first.unmount();
      expect(await loadDraft(wizardScope)).toMatchObject({ value: { step: 3 }, changed: false });
      expect((await unsyncedWork('u1')).mine.drafts).toBe(0);

      const again = open();
      await waitFor(() => expect(again.result.current.ready).toBe(true));
      expect(again.result.current.value.step).toBe(3);
      expect(again.result.current).toMatchObject({ restoredAt: null, changed: false });
      again.unmount();
    });

    it('announces a restored change, and stops once the form is back to the record', async () => {
      const first = open();
      await waitFor(() => expect(first.result.current.ready).toBe(true));
      act(() => first.result.current.setValue({ step: 3, form: { name: 'Harbour View Inn' } }));
      await act(() => first.result.current.flush());
      first.unmount();
      expect(await loadDraft(wizardScope)).toMatchObject({ changed: true });
      expect((await unsyncedWork('u1')).mine.drafts).toBe(1);

      const again = open();
      await waitFor(() => expect(again.result.current.ready).toBe(true));
      expect(again.result.current.restoredAt).not.toBeNull();
      expect(again.result.current.changed).toBe(true);
      act(() => again.result.current.setValue({ step: 3, form: { name: 'Harbour View' } }));
      expect(again.result.current).toMatchObject({ restoredAt: null, changed: false });
      await act(() => again.result.current.discard());
      again.unmount();
    });
  });
});
