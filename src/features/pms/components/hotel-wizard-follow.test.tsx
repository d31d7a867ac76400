import { describe, expect, it } from 'vitest';
import { sameValue } from '../../../offline';
import { newHotelForm } from '../api/hotel-wizard-data';
import type { HotelForm } from '../api/hotel-save';
import { followGateway, NO_STEP, wizardDraftStorage } from './hotel-wizard';

const pkg = (localId: string, uuid: string | null, externalId: string) => ({ localId, uuid, externalId, calculationRule: 'ADULT' as const, deleted: false });
const code = (localId: string, name: string, packages: string[]) => ({ localId, uuid: localId, name, packages });
const hotel = (patch: Partial<HotelForm>): HotelForm => ({ ...newHotelForm('Harbour View', null), definitionUuid: 'def-1', ...patch });

/** The wizard's test of "unsaved changes": the form against the last save, else the hotel as read. */
const unsaved = (value: { form: HotelForm; saved: HotelForm | null }, read: HotelForm) => !sameValue(value.form, value.saved ?? read);

describe('followGateway: a hotel just saved stays saved while the gateway catches up', () => {
  // read 0: the hotel before the save; the operator added KIDS_SPA (a local id) and saved
  const read0 = hotel({ packages: [pkg('u-bb', 'u-bb', 'BB')], rateCodes: [code('r1', 'RACK', ['u-bb'])], base: { packages: ['u-bb'], rateCodes: ['r1'], accessControls: [] } });
  const saved = { ...read0, packages: [...read0.packages, pkg('local-1', 'u-kids', 'KIDS_SPA')], base: { ...read0.base, packages: ['u-bb', 'u-kids'] } };
  const afterSave = { hotelUuid: 'h1', step: 3, maxStep: 3, form: saved, saved, savedOver: 4 };
  // read 1: the gateway has the save; its packages are named by their uuid, and a rate code moved meanwhile
  const read1 = hotel({
    packages: [pkg('u-bb', 'u-bb', 'BB'), pkg('u-kids', 'u-kids', 'KIDS_SPA')],
    rateCodes: [code('r1', 'RACK', ['u-bb', 'u-kids'])],
    base: { packages: ['u-bb', 'u-kids'], rateCodes: ['r1'], accessControls: [] },
  });

  it('a read arriving before the queue says the save landed moves what nobody typed into the form and its baseline alike: nothing unsaved', () => {
    const moved = followGateway(afterSave, read0, read1, { landed: false, takeRateCodes: false });
    expect(moved.form.rateCodes).toEqual(read1.rateCodes);
    expect(unsaved(moved, read1)).toBe(false);
    // then the save is known to have landed: the hotel as read is the form, nothing unsaved, the step still open
    const landed = followGateway(moved, read1, read1, { landed: true, takeRateCodes: false });
    expect(landed).toMatchObject({ step: 3, saved: null, savedOver: null });
    expect(landed.form).toEqual(read1);
    expect(unsaved(landed, read1)).toBe(false);
  });

  it('keeps what the operator changed since the save on top of the hotel as read', () => {
    const typed = { ...afterSave, form: { ...saved, propertyId: 'HV-2' } };
    const landed = followGateway(typed, read0, read1, { landed: true, takeRateCodes: false });
    expect(landed.form).toEqual({ ...read1, propertyId: 'HV-2' });
    expect(unsaved(landed, read1)).toBe(true);
  });

  it('leaves the value as it is when nothing moved', () => {
    const idle = { hotelUuid: 'h1', step: NO_STEP, maxStep: 3, form: read0, saved: null, savedOver: null };
    expect(followGateway(idle, read0, read0, { landed: false, takeRateCodes: false })).toBe(idle);
  });
});

describe("followGateway: the lists arriving after the hotel's settings", () => {
  const settings = hotel({ propertyId: 'HV-1' });
  const lists = hotel({
    propertyId: 'HV-1',
    definitionUuid: 'def-named',
    packages: [pkg('u-bb', 'u-bb', 'BB')],
    rateCodes: [code('r1', 'RACK', ['u-bb'])],
    base: { packages: ['u-bb'], rateCodes: ['r1'], accessControls: ['s1'] },
  });

  it('takes every list and its whole base into a form nobody changed: nothing unsaved', () => {
    const idle = { hotelUuid: 'h1', step: NO_STEP, maxStep: 3, form: settings, saved: null, savedOver: null };
    const moved = followGateway(idle, settings, lists, { landed: false, takeRateCodes: false });
    expect(moved.form).toEqual(lists);
    expect(unsaved(moved, lists)).toBe(false);
  });

  it('keeps what was typed in the settings meanwhile, the lists taken beneath it', () => {
    const typed = { hotelUuid: 'h1', step: 0, maxStep: 3, form: { ...settings, propertyId: 'HV-9' }, saved: null, savedOver: null };
    const moved = followGateway(typed, settings, lists, { landed: false, takeRateCodes: false });
    expect(moved.form).toEqual({ ...lists, propertyId: 'HV-9' });
    expect(unsaved(moved, lists)).toBe(true);
  });
});

describe('followGateway: a hotel read again unchanged', () => {
  const codes = Array.from({ length: 2_000 }, (_, i) => code(`r${i}`, `RC${i}`, ['u-bb']));
  const read0 = hotel({ packages: [pkg('u-bb', 'u-bb', 'BB')], rateCodes: codes, base: { packages: ['u-bb'], rateCodes: codes.map((item) => item.localId), accessControls: [] } });
  // the same hotel read again (after an import, another tab's save of nothing): equal lists, new objects
  const read1: HotelForm = JSON.parse(JSON.stringify(read0)) as HotelForm;

  it("takes the read's own lists into a form nobody changed, so its draft names them instead of storing a copy", () => {
    const idle = { hotelUuid: 'h1', step: 2, maxStep: 3, form: read0, saved: null, savedOver: null };
    const moved = followGateway(idle, read0, read1, { landed: false, takeRateCodes: false });
    expect(moved.form.rateCodes).toBe(read1.rateCodes);
    expect(moved.form.base).toBe(read1.base);
    expect(moved.form).toEqual(read0);
    const stored = wizardDraftStorage.pack(moved, { ...moved, form: read1 }) as { form: Record<string, unknown> };
    expect(stored.form.shared).toEqual(expect.arrayContaining(['packages', 'rateCodes', 'base']));
    expect(stored.form).not.toHaveProperty('rateCodes');
  });

  it('keeps a list the operator changed, even when the read holds what they typed', () => {
    const typedCodes = [...codes.slice(1)];
    const typed = { hotelUuid: 'h1', step: 2, maxStep: 3, form: { ...read0, rateCodes: typedCodes }, saved: null, savedOver: null };
    const read2 = { ...read1, rateCodes: JSON.parse(JSON.stringify(typedCodes)) as HotelForm['rateCodes'] };
    const moved = followGateway(typed, read0, read2, { landed: false, takeRateCodes: false });
    expect(moved.form.rateCodes).toBe(typedCodes);
  });
});
