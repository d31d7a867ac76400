import { describe, expect, it } from 'vitest';
import { draftToKeep, restoredDraft, sameValue, type ChangeTest } from './form-value';

/** A wizard's value: its open step (its own state) beside the form (the record's values). */
interface Wizard {
  step: number;
  form: { name: string };
}
const formChanged: ChangeTest<Wizard> = (value, initial) => !sameValue(value.form, initial.form);
const record: Wizard = { step: 9999, form: { name: 'Harbour View' } };

describe('sameValue', () => {
  it('compares field by field: key order, identity and undefined keys do not count', () => {
    expect(sameValue({ a: 1, b: [1, { c: 2 }] }, { b: [1, { c: 2 }], a: 1 })).toBe(true);
    expect(sameValue({ a: 1, b: undefined }, { a: 1 })).toBe(true);
    expect(sameValue({ a: 1 }, { a: 2 })).toBe(false);
    expect(sameValue([1], { 0: 1 })).toBe(false);
  });
});

describe('draftToKeep', () => {
  it('keeps nothing while the value is the record', () => {
    expect(draftToKeep(record, { ...record, form: { ...record.form } }, formChanged)).toBeNull();
    expect(draftToKeep({ name: 'a' }, { name: 'a' })).toBeNull();
  });

  it('keeps a value that only opened a step, marked as holding no change', () => {
    expect(draftToKeep({ ...record, step: 3 }, record, formChanged)).toEqual({ changed: false });
  });

  it('marks a value with a changed field as holding a change; by default any difference is one', () => {
    expect(draftToKeep({ step: 3, form: { name: 'Harbour View Inn' } }, record, formChanged)).toEqual({ changed: true });
    expect(draftToKeep({ name: 'b' }, { name: 'a' })).toEqual({ changed: true });
  });
});

describe('restoredDraft', () => {
  it('announces a draft that holds a change of the record', () => {
    expect(restoredDraft({ value: { step: 3, form: { name: 'Inn' } }, changed: true }, record, formChanged)).toBe('announce');
    expect(restoredDraft({ value: { name: 'b' }, changed: true }, { name: 'a' })).toBe('announce');
  });

  it('restores a draft that only kept the open step without a word', () => {
    expect(restoredDraft({ value: { ...record, step: 3 }, changed: false }, record, formChanged)).toBe('quiet');
  });

  it('restores without a word a change the record now has too', () => {
    expect(restoredDraft({ value: { name: 'b' }, changed: true }, { name: 'b' })).toBe('quiet');
  });

  it('drops a draft that held no change when the record has moved on since: its values are an old copy', () => {
    const movedOn: Wizard = { ...record, form: { name: 'Harbour View Hotel' } };
    expect(restoredDraft({ value: { ...record, step: 3 }, changed: false }, movedOn, formChanged)).toBe('drop');
  });
});
