/**
 * The hotel wizard (spec sections 2 "Hotel wizard", 4 "Hotel wizard" and "Save diffs", 5): four
 * accordion steps, 0 PMS posting, 1 room access, 2 hotel definition, 3 access area (packages, rate
 * codes, access control), 9999 meaning none open. Create mode shows its three stages (PMS
 * connection, regional information, packages/rate codes/access: ./hotel-create-stages.tsx), the
 * regional step, all three values required, before the access area, and goes step by step (Next,
 * Back, the furthest step reached, 'Add hotel' last); edit mode saves the whole hotel from any step ('Save
 * changes', disabled while nothing changed) and asks to save or discard before leaving a changed
 * step. Everything, the open step included, is kept as a draft, so a reload or a crash loses
 * nothing; the save is one outbox entry (./api/hotel-save.ts), offline too.
 */
import { useCallback, useDeferredValue, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { Accordion, Alert, Anchor, Badge, Button, Group, Select, Stack, Text, TextInput, Title } from '@mantine/core';
import { z } from 'zod';
import { canSetupHotelDefinitions, cutHotelName, HOTEL_NAME_MAX, HOTEL_SAVE_KIND, rateCodeRemovalFailure, regionalComplete, type Attributes, type RegionalInherited, type RegionalKey } from '../../../domain';
import { describeError } from '../../../api';
import { useProfile } from '../../../api/profile';
import { t, type MessageKey } from '../../../i18n';
import { sameValue, useDraft, useOutboxEntries, whenSettled, type ChangeTest, type DraftScope, type DraftStorage } from '../../../offline';
import { DraftRestoredNotice, EmailListInput, ExitConfirmModal, MAPPED_AT_ONCE, notify, PageLoader, RegionalFields, SaveBar, UnsavedChangesModal, useLeaveGuard } from '../../../ui';
import { SAVE_VERDICT_WAIT_MS, showSaveOutcome } from '../../../ui/save-outcome';
import { buildHotelSave, hotelAttributes, hotelFormSchema, NAME_ONLY_SUMMARY, queueHotelSave, type HotelForm } from '../api/hotel-save';
import { describeHotelChanges, hotelChanges } from '../api/hotel-changes';
import { hotelScopeOf } from '../api/hotel-resources';
import type { PmsConnectionRow } from '../api/pms-connections';
import { AccessControlSection } from './access-control-section';
import type { ChangeMarks } from './change-mark';
import { CREATE_STEPS, HotelCreateStages, REGIONAL_STEP } from './hotel-create-stages';
import type { AccessServiceItem, HotelPackages, RateCodeItem } from './hotel-items';
import { PackagesSection, type PackageFormValues, type PackageItem } from './packages-section';
import { RateCodesSection } from './rate-codes-section';
import { roomAccessProblems, RoomAccessFields, type RoomAccessValues } from './room-access-fields';

/** Spec section 4: the steps in order, and the sentinel for none open (or finished). */
export const HOTEL_STEPS = [0, 1, 2, 3] as const;
export const NO_STEP = 9999;
const LAST_STEP = 3;
const STEP_TITLES: Record<number, MessageKey> = { 0: 'hotelWizard.step0', 1: 'hotelWizard.step1', 2: 'hotelWizard.step2', 3: 'hotelWizard.step3', [REGIONAL_STEP]: 'hotelWizard.stepRegional' };

/** The draft: the open step, the furthest reached, the form, and the form as last queued (edit mode). */
const wizardValueSchema = z.object({
  /** the hotel's uuid: a new hotel keeps the one it was given when its draft began */
  hotelUuid: z.string(),
  step: z.number().int(),
  maxStep: z.number().int(),
  form: hotelFormSchema,
  /** what the last queued save leaves, until the gateway has it: the baseline of "changed" meanwhile */
  saved: hotelFormSchema.nullable(),
  /** the hotel version that save went over */
  savedOver: z.number().int().nullable(),
  /** the rows the last save added or changed: marked until the next save */
  marked: z.array(z.object({ kind: z.enum(['package', 'rateCode', 'service']), name: z.string(), change: z.enum(['added', 'changed']) })).optional(),
});
type WizardValue = z.infer<typeof wizardValueSchema>;

/**
 * What the operator changed: the form against the hotel as the gateway has it, or as the last queued
 * save leaves it. The open step, the furthest reached and a queued save's form are the wizard's own
 * state: kept in the draft, never announced as unsaved changes nor counted as such at logout.
 */
const wizardHoldsChange: ChangeTest<WizardValue> = (value, initial) => !sameValue(value.form, value.saved ?? initial.form);

/** The hotel's lists: a big hotel holds 10,000s of items in each. */
const LIST_KEYS = ['packages', 'rateCodes', 'accessServices', 'base'] as const;
type ListKey = (typeof LIST_KEYS)[number];
const sharedListSchema = z.array(z.enum(LIST_KEYS));
/** A form as stored: the lists it shares with the hotel as read left out, and named (a draft stored whole, by an earlier version, names none). */
const packedFormSchema = hotelFormSchema.partial({ packages: true, rateCodes: true, accessServices: true, base: true }).extend({ shared: sharedListSchema.optional() });
const packedValueSchema = wizardValueSchema.extend({ form: packedFormSchema, saved: z.union([packedFormSchema, z.literal('form'), z.null()]) });

function packForm(form: HotelForm, read: HotelForm): z.infer<typeof packedFormSchema> {
  const packed: Partial<HotelForm> = { ...form };
  const shared: ListKey[] = [];
  for (const key of LIST_KEYS) {
    if (form[key] !== read[key]) continue;
    delete packed[key];
    shared.push(key);
  }
  return { ...(packed as Omit<HotelForm, ListKey>), shared };
}

function unpackForm({ shared, ...form }: z.infer<typeof packedFormSchema>, read: HotelForm): HotelForm | null {
  const whole: Record<string, unknown> = { ...form };
  for (const key of shared ?? []) whole[key] = read[key];
  return LIST_KEYS.every((key) => whole[key] !== undefined) ? (whole as unknown as HotelForm) : null;
}

/**
 * The draft as stored: a list the operator has not touched (the very list read from the gateway) is
 * not copied into IndexedDB at each keystroke, nor validated again at a restore, only named, and
 * taken from the hotel as read when the draft comes back (a big hotel's 100,000 rate codes would make
 * each write and each restore a long task of the page). What was changed is stored whole.
 */
export const wizardDraftStorage: DraftStorage<WizardValue> = {
  pack: (value, initial) => ({
    ...value,
    form: packForm(value.form, initial.form),
    saved: value.saved === null ? null : value.saved === value.form ? 'form' : packForm(value.saved, initial.form),
  }),
  unpack(stored, initial) {
    const parsed = packedValueSchema.safeParse(stored);
    if (!parsed.success) return null;
    const form = unpackForm(parsed.data.form, initial.form);
    const saved = parsed.data.saved === null ? null : parsed.data.saved === 'form' ? form : unpackForm(parsed.data.saved, initial.form);
    if (form === null || (parsed.data.saved !== null && saved === null)) return null;
    return { ...parsed.data, form, saved } as WizardValue;
  },
};

/** Property ID and connection: both set, or both empty (spec section 4: the PMS step's Next). */
export const pmsStepConsistent = (form: Pick<HotelForm, 'propertyId' | 'pmsConnectionUuid'>) => (form.propertyId.trim() === '') === (form.pmsConnectionUuid === null);
const pmsStepPending = (form: Pick<HotelForm, 'propertyId' | 'pmsConnectionUuid'>) => form.propertyId.trim() === '' || form.pmsConnectionUuid === null;
/** The PMS step's warning: none with both set, else naming what is missing. */
function pmsWarning(form: Pick<HotelForm, 'propertyId' | 'pmsConnectionUuid'>): MessageKey | null {
  const noPropertyId = form.propertyId.trim() === '';
  const noConnection = form.pmsConnectionUuid === null;
  if (noPropertyId && noConnection) return 'hotelWizard.warningBoth';
  return noPropertyId ? 'hotelWizard.warningPropertyId' : noConnection ? 'hotelWizard.warningConnection' : null;
}

/**
 * The wizard's value once the gateway moved on: `landed` (the queued save reached it, and the hotel
 * was read again), the hotel as read becomes the baseline, and only what the operator changed since
 * that save stays on top of it; otherwise what the operator has not changed since the last read
 * (nor since the last save) follows the new read, and so does the last save's baseline, so the
 * form never differs from it by what nobody typed. After an import the rate codes are the
 * gateway's whatever was typed (the import replaces them all). The same value when nothing was read
 * again; a part read again unchanged is taken all the same, as the read's own objects.
 */
export function followGateway(value: WizardValue, before: HotelForm, read: HotelForm, { landed, takeRateCodes }: { landed: boolean; takeRateCodes: boolean }): WizardValue {
  const keys = Object.keys(read) as (keyof HotelForm)[];
  if (landed && value.saved !== null) {
    const saved = value.saved;
    const form: Record<string, unknown> = { ...read };
    for (const key of keys) if (!sameValue(value.form[key], saved[key])) form[key] = value.form[key];
    return { ...value, form: form as unknown as HotelForm, saved: null, savedOver: null };
  }
  if (before === read) return value;
  const form: Record<string, unknown> = { ...value.form };
  const saved: Record<string, unknown> | null = value.saved === null ? null : { ...value.saved };
  let moved = false;
  for (const key of keys) {
    const untouched = sameValue(value.form[key], (value.saved ?? before)[key]) && (value.saved === null || sameValue(value.saved[key], before[key]));
    const imported = takeRateCodes && (key === 'rateCodes' || key === 'base');
    const take = untouched || imported;
    // after an import the codes are taken as read, not compared first (100,000 of them, item by item);
    // an untouched part read again with the same content is taken too: its objects are the read's, so
    // the draft names an untouched list instead of storing a copy of it (a long task at each write)
    if (!take || value.form[key] === read[key]) continue;
    // an untouched base is taken whole (the lists arriving after the hotel's settings); after an import
    // its rate codes alone, and the base as read when only they differ (the draft then stores none of it)
    const sameOtherBase = () => sameValue(value.form.base.packages, read.base.packages) && sameValue(value.form.base.accessControls, read.base.accessControls);
    const importedBase = key === 'base' && !untouched;
    const taken = importedBase ? (sameOtherBase() ? read.base : { ...value.form.base, rateCodes: read.base.rateCodes }) : read[key];
    form[key] = taken;
    if (saved !== null) saved[key] = importedBase ? { ...(saved.base as HotelForm['base']), rateCodes: read.base.rateCodes } : read[key];
    moved = true;
  }
  return moved ? { ...value, form: form as unknown as HotelForm, saved: saved as HotelForm | null } : value;
}

export interface HotelWizardProps {
  org: string;
  userUuid: string;
  mode: 'create' | 'edit';
  /** the hotel's uuid (a new one's is made by the page and kept with the draft) */
  hotelUuid: string;
  /** the hotel's version; null for a new hotel */
  version: number | null;
  /** the form as the gateway has the hotel (edit), or a new hotel's */
  initialForm: HotelForm;
  /** the hotel's own attributes (kept as they are, beside those the wizard writes) */
  ownAttributes: Attributes;
  /** where the hotel sits, for the header */
  parentName: string | null;
  connections: readonly PmsConnectionRow[];
  /** the organization's other hotels with a PMS hotel definition, and their packages */
  otherHotels: readonly HotelPackages[];
  /** the draft's key of a new hotel (where it sits) */
  draftKey: string;
  /** what a new hotel inherits from where it sits: its regional stage shows it (create mode) */
  inherited?: RegionalInherited;
  /** after the rate codes were imported: the page reads the codes again */
  onImported(): void;
  /** the gateway's message when the rate codes or access services could not be read (their tables say it) */
  loadErrors?: { rateCodes: string | null; accessServices: string | null };
  /**
   * edit mode: the hotel's lists are still on their way (`initialForm` holds none yet). The steps of
   * its own settings work; the access area says it is loading them, and Save waits for them, so no
   * save is made against lists the wizard has not seen.
   */
  listsPending?: boolean;
}

/**
 * An open step's contents. On a big hotel they are made in a render React may interrupt once the
 * step opens (`defer`): Mantine's accordion shows a panel in a synchronous flush, and the Access
 * area mounts three tables, which made that flush one long task (so the accordion keeps no React
 * Activity whose hidden render that flush would finish). A hotel of short lists shows them at once.
 * Closed, a step holds nothing.
 */
function StepContents({ open, defer, children }: { open: boolean; defer: boolean; children: ReactNode }) {
  const shown = useDeferredValue(open);
  return open && (shown || !defer) ? children : null;
}

export function HotelWizard(props: HotelWizardProps) {
  const { org, userUuid, mode, version, initialForm, ownAttributes, parentName, connections, otherHotels, draftKey, onImported, loadErrors, inherited = {}, listsPending = false } = props;
  const navigate = useNavigate();
  // the PMS hotel definition is written only by who sets up the organization (the gateway refuses a
  // save that carries it from anyone else); unknown grants send it and the gateway decides
  const grants = useProfile().data;
  const mayWriteDefinition = grants ? canSetupHotelDefinitions(grants, props.org) : true;
  const edit = mode === 'edit';
  // create mode adds its regional stage before the access area (spec section 2)
  const order: readonly number[] = edit ? HOTEL_STEPS : CREATE_STEPS;
  const rank = (step: number) => order.indexOf(step);
  const unitList = `/organization/${org}/ous`;
  const scope: DraftScope = { userUuid, orgUuid: org, kind: HOTEL_SAVE_KIND, recordId: edit ? props.hotelUuid : draftKey };
  const initial = useMemo<WizardValue>(
    () => ({ hotelUuid: props.hotelUuid, step: edit ? NO_STEP : 0, maxStep: edit ? LAST_STEP : 0, form: initialForm, saved: null, savedOver: null }),
    [props.hotelUuid, edit, initialForm],
  );
  const draft = useDraft<WizardValue>({ scope, initial, baseVersion: version, schema: wizardValueSchema, isChange: wizardHoldsChange, storage: wizardDraftStorage });
  // the hotel read again (its lists arriving after its settings, an import, another tab's save) is
  // taken into the draft by the effect below, after the render that first has it; that render
  // already shows the value as the effect makes it, so nothing is ever shown, nor acted on, over a
  // read the wizard has moved past (the lists as not read yet, while the Import button shows)
  const [followedInitial, setFollowedInitial] = useState(initialForm);
  const entries = useOutboxEntries(userUuid);
  // following the gateway never changes it: the draft's is the value's
  const hotelUuid = edit ? props.hotelUuid : draft.value.hotelUuid;
  const queued = entries.some((entry) => entry.collection === HOTEL_SAVE_KIND && entry.recordUuid === hotelUuid);
  // a queued save reached the gateway (the hotel read again at a newer version)
  const landedIn = useCallback((current: WizardValue) => !queued && version !== null && current.savedOver !== null && version > current.savedOver, [queued, version]);
  /** after an import: the rate codes read next are taken whatever was typed (the import replaced them all) */
  const [takeRateCodes, setTakeRateCodes] = useState(false);
  const following = draft.ready && (followedInitial !== initialForm || landedIn(draft.value));
  const value = following ? followGateway(draft.value, followedInitial, initialForm, { landed: landedIn(draft.value), takeRateCodes }) : draft.value;
  const form = value.form;
  // a hotel whose lists are made in slices opens its steps after the accordion's flush
  const bigLists = form.packages.length > MAPPED_AT_ONCE || form.rateCodes.length > MAPPED_AT_ONCE || form.accessServices.length > MAPPED_AT_ONCE;
  const baseline = value.saved ?? initialForm;
  const dirty = following ? wizardHoldsChange(value, initial) : draft.changed;
  const { blocker, allowLeave } = useLeaveGuard(draft.ready && dirty);
  const [attempted, setAttempted] = useState(false);
  const [saving, setSaving] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  /** the step asked for while the open one has unsaved changes (edit mode): the save-or-discard question */
  const [asked, setAsked] = useState<number | null>(null);
  const [name, setName] = useState(edit ? initialForm.name : form.name);
  // edit mode: the field follows the committed name once the draft is read (a rename queued before a
  // reload), so leaving the field untouched cannot rename the hotel back
  const committedName = draft.ready ? baseline.name : initialForm.name;
  const [nameShownFor, setNameShownFor] = useState(committedName);
  if (edit && nameShownFor !== committedName) {
    setNameShownFor(committedName);
    setName(committedName);
  }

  // a queued save reached the gateway, or the hotel was read again (an import, another tab's save):
  // one step from the value as it is by then, so the two never undo each other (a save reported as
  // unsaved), nor a change made meanwhile (a step opened as the lists arrive). Every change below is
  // made the same way, from the value as it is; the read that value follows is `followed`.
  const followed = useRef(initialForm);
  const { setValue } = draft;
  useEffect(() => {
    if (!draft.ready || !following) return;
    const before = followed.current;
    followed.current = initialForm;
    setValue((current) => followGateway(current, before, initialForm, { landed: landedIn(current), takeRateCodes }));
    setFollowedInitial(initialForm);
    // the imported codes are taken once they are read (the services may be read again first)
    if (takeRateCodes && before.rateCodes !== initialForm.rateCodes) setTakeRateCodes(false);
  }, [draft.ready, following, initialForm, setValue, takeRateCodes, landedIn]);
  /** The form's record as the value as it is now last followed it: what Discard puts back. */
  const baselineOf = (current: WizardValue) => current.saved ?? followed.current;

  const setForm = (patch: Partial<HotelForm>) => {
    // why the last save was refused no longer holds once something changed
    setProblem(null);
    setValue((current) => ({ ...current, form: { ...current.form, ...patch } }));
  };
  // the room access is the PMS hotel definition's: checked only when the save carries it
  const roomProblems = mayWriteDefinition ? roomAccessProblems(form.roomAccess) : null;
  const regionalValid = regionalComplete(form.regional ?? {}, inherited);
  const stepValid = (step: number) => (step === 0 ? pmsStepConsistent(form) : step === 1 || step === 2 ? roomProblems === null : step === REGIONAL_STEP ? regionalValid : true);
  const createValid = cutHotelName(form.name) !== '' && order.every(stepValid);
  // edit mode: the PMS step's rule holds for what the operator changes there; a hotel the gateway has
  // half set up ('Configuration Pending') can still be saved from its other steps
  const pmsChanged = form.propertyId.trim() !== baseline.propertyId.trim() || form.pmsConnectionUuid !== baseline.pmsConnectionUuid;
  const editProblem: MessageKey | null = pmsChanged && !pmsStepConsistent(form) ? 'hotelWizard.bothOrNeither' : roomProblems !== null ? 'hotelWizard.roomAccessInvalid' : null;

  function open(step: number) {
    // a save under way takes the changes with it: nothing to ask
    if (edit && dirty && !saving && step !== value.step) {
      setAsked(step);
      return;
    }
    setValue((current) => ({ ...current, step, maxStep: step !== NO_STEP && rank(step) > rank(current.maxStep) ? step : current.maxStep }));
  }

  /** Queue the whole hotel; true when it was queued. */
  async function save(form: HotelForm, then: { step: number }): Promise<boolean> {
    if (saving || listsPending) return false;
    setAttempted(true);
    setProblem(null);
    if (edit ? editProblem !== null : !createValid) {
      // said where every step shows it: the step with the problem may be closed
      if (edit && editProblem !== null) setProblem(t(editProblem));
      return false;
    }
    setSaving(true);
    const stepAtSave = value.step;
    try {
      // what the save changes, named in its notice and marked in the tables ("Package KIDS_SPA added")
      const changes = edit ? hotelChanges(baseline, form) : null;
      const built = await buildHotelSave(form, hotelUuid, ownAttributes, mayWriteDefinition, edit ? baseline : undefined);
      const entry = await queueHotelSave(hotelScopeOf(org, hotelUuid), userUuid, version, built.body, cutHotelName(form.name), built.summary);
      const what = changes === null ? undefined : describeHotelChanges(changes, cutHotelName(form.name));
      const removesRateCodes = (built.body.rateCodes?.deletedRateCodes?.length ?? 0) > 0;
      void whenSettled(entry.seq, SAVE_VERDICT_WAIT_MS).then((outcome) => {
        if (outcome.kind === 'refused' && removesRateCodes) {
          // spec section 8: a refused rate-code removal says the first error's message and code, or the defaults
          const failure = rateCodeRemovalFailure({ message: outcome.entry.errorMessages[0], code: outcome.entry.errorCodes?.[0] });
          notify(t('hotelWizard.rateCodesNotRemoved', failure), 'problem');
        } else showSaveOutcome(outcome, () => void navigate('/sync'), what);
      });
      if (!edit) {
        await draft.clear();
        allowLeave();
        void navigate(unitList);
        return true;
      }
      // kept as a draft until the gateway has it: a reload meanwhile shows what was saved
      const marked = (changes?.items ?? []).flatMap(({ kind, name, change }) => (change === 'removed' ? [] : [{ kind, name, change }]));
      // what was typed while the save was made stays, unsaved, and a step opened meanwhile stays open
      setValue((current) => ({ hotelUuid, step: current.step === stepAtSave ? then.step : current.step, maxStep: LAST_STEP, form: sameValue(current.form, form) ? built.saved : current.form, saved: built.saved, savedOver: version, marked }));
      // written now, not after the typing pause: a reload right after Save must find it
      await draft.flush();
      setAttempted(false);
      return true;
    } catch (error) {
      setProblem(t('hotelWizard.saveFailed', { message: describeError(error) }));
      return false;
    } finally {
      setSaving(false);
    }
  }

  /** Edit mode: the name is committed when focus leaves it, only when changed and not empty (spec section 4). */
  function commitName() {
    const next = cutHotelName(name);
    if (next === '' || next === cutHotelName(baseline.name)) {
      setName(baseline.name);
      return;
    }
    // only the name: other unsaved changes stay in the form, still unsaved
    void (async () => {
      const entry = await queueHotelSave(hotelScopeOf(org, hotelUuid), userUuid, version, { hotel: { parentUuid: baseline.parentUuid, attributes: hotelAttributes({ ...baseline, name: next }, ownAttributes) } }, next, NAME_ONLY_SUMMARY);
      void whenSettled(entry.seq, SAVE_VERDICT_WAIT_MS).then((outcome) => showSaveOutcome(outcome, () => void navigate('/sync')));
      setValue((current) => ({ ...current, form: { ...current.form, name: next }, saved: { ...baselineOf(current), name: next }, savedOver: version }));
      await draft.flush();
    })();
  }

  async function exitWithoutSaving() {
    await draft.discard();
    if (blocker.state === 'blocked') blocker.proceed();
  }

  const setPackages = (packages: PackageItem[]) => setForm({ packages });
  // once per change of the packages, not per render (a keystroke in any field re-renders the wizard)
  const packageRefs = useMemo(() => form.packages.filter((item) => !item.deleted).map(({ localId, externalId }) => ({ localId, externalId })), [form.packages]);
  const hotels = useMemo<HotelPackages[]>(
    () => [{ definitionUuid: form.definitionUuid, name: cutHotelName(form.name) || t('hotelWizard.createTitle'), packages: packageRefs, current: true, hotelUuid }, ...otherHotels],
    [form.definitionUuid, form.name, packageRefs, hotelUuid, otherHotels],
  );

  function savePackage(localId: string | null, values: PackageFormValues) {
    if (localId === null) setPackages([...form.packages, { localId: crypto.randomUUID(), uuid: null, deleted: false, ...values }]);
    else setPackages(form.packages.map((item) => (item.localId === localId ? { ...item, ...values } : item)));
  }
  // flagged, kept in the list (the save deletes it by uuid), hidden from the table (spec section 4)
  const removePackages = (items: PackageItem[]) => setPackages(form.packages.map((other) => (items.some((item) => item.localId === other.localId) ? { ...other, deleted: true } : other)));
  const removePackage = (item: PackageItem) => removePackages([item]);
  const rateCodesUsing = (item: PackageItem) => form.rateCodes.filter((code) => code.packages.includes(item.localId)).map((code) => code.name);

  const footer = (step: number) => {
    if (edit) {
      // the step stays open after its save, its saved rows marked (the access area is long: the bar keeps Save in view)
      return (
        <SaveBar
          dirty={draft.ready && dirty}
          saveLabel={t('hotelWizard.saveChanges')}
          saving={saving}
          disabled={listsPending}
          disabledReason={t('hotelWizard.saveWaitsForLists')}
          onSave={() => void save(form, { step })}
          onDiscard={() => setValue((current) => ({ ...current, form: baselineOf(current) }))}
        />
      );
    }
    return (
      <Group justify="space-between">
        {rank(step) > 0 ? (
          <Button variant="default" onClick={() => open(order[rank(step) - 1] ?? 0)}>
            {t('hotelWizard.back')}
          </Button>
        ) : (
          <span />
        )}
        {step !== LAST_STEP ? (
          <Button onClick={() => open(order[rank(step) + 1] ?? LAST_STEP)} disabled={!draft.ready || !stepValid(step)}>
            {t('hotelWizard.next')}
          </Button>
        ) : (
          <Button onClick={() => void save(form, { step: NO_STEP })} disabled={!draft.ready || !createValid} loading={saving}>
            {t('hotelWizard.add')}
          </Button>
        )}
      </Group>
    );
  };

  // the rows the last save touched, per table, by name; and when a removal takes effect (at Save, in edit mode)
  const marks = useMemo(() => {
    const of = (kind: 'package' | 'rateCode' | 'service'): ChangeMarks | undefined => {
      const rows = (value.marked ?? []).filter((mark) => mark.kind === kind);
      return rows.length === 0 ? undefined : new Map(rows.map((mark) => [mark.name, mark.change]));
    };
    return { package: of('package'), rateCode: of('rateCode'), service: of('service') };
  }, [value.marked]);
  const removalNote = edit ? t('hotelSave.removalOnSave') : undefined;

  const roomAccess = (idPrefix: string) => (
    <RoomAccessFields idPrefix={idPrefix} value={form.roomAccess} onChange={(roomAccess: RoomAccessValues) => setForm({ roomAccess })} showErrors={attempted} readOnly={!mayWriteDefinition} />
  );
  const readOnlyNote = mayWriteDefinition ? null : (
    <Text size="sm" role="note">
      {t('hotelWizard.definitionReadOnly')}
    </Text>
  );
  const warning = pmsWarning(form);
  const panels: Record<number, ReactNode> = {
    0: (
      <Stack gap="md">
        {warning !== null && (
          <Alert color="yellow" variant="light">
            {edit ? t(warning) : `${t(warning)} ${t('hotelWizard.warningLater')}`}
          </Alert>
        )}
        {readOnlyNote}
        <TextInput
          label={t('hotelWizard.propertyId')}
          description={t('hotelWizard.propertyIdHelp')}
          value={form.propertyId}
          maxLength={100}
          disabled={!mayWriteDefinition}
          onChange={(event) => setForm({ propertyId: event.currentTarget.value })}
        />
        {mayWriteDefinition && (
          <>
            <Select
              label={t('hotelWizard.connection')}
              placeholder={t('hotelWizard.connectionPlaceholder')}
              data={connections.filter((row) => row.removal === null).map((row) => ({ value: row.uuid, label: row.name }))}
              value={form.pmsConnectionUuid}
              clearable
              // a button the keyboard reaches too (Mantine hides it from both): the way back to 'neither'
              clearButtonProps={{ 'aria-label': t('hotelDefinitions.form.clearConnection'), 'aria-hidden': false, tabIndex: 0 }}
              nothingFoundMessage={t('hotelWizard.connectionEmpty')}
              onChange={(pmsConnectionUuid) => setForm({ pmsConnectionUuid })}
            />
            {connections.length === 0 && (
              <Text size="sm">
                {t('hotelWizard.connectionEmpty')}{' '}
                <Anchor component={Link} to={`/organization/${org}/pms`}>
                  {t('hotelWizard.toPms')}
                </Anchor>
              </Text>
            )}
          </>
        )}
        {!pmsStepConsistent(form) && (
          <Text size="sm" c="red.9" role="status">
            {t('hotelWizard.bothOrNeither')}
          </Text>
        )}
        <EmailListInput label={t('hotelWizard.emails')} description={t('hotelWizard.emailsHelp')} value={form.notificationEmails} onChange={(notificationEmails) => setForm({ notificationEmails })} />
      </Stack>
    ),
    1: (
      <Stack gap="md">
        {readOnlyNote}
        {mayWriteDefinition && roomAccess('room-access')}
      </Stack>
    ),
    2: (
      <Stack gap="md">
        <Title order={3} fz="h4">
          {t('hotelWizard.definitionTitle')}
        </Title>
        {readOnlyNote}
        {mayWriteDefinition && (
          <>
            <TextInput
              label={t('hotelWizard.definitionName')}
              description={t('hotelWizard.definitionNameHelp')}
              maxLength={HOTEL_NAME_MAX}
              value={form.definitionName}
              onChange={(event) => setForm({ definitionName: event.currentTarget.value })}
            />
            {roomAccess('definition-access')}
          </>
        )}
      </Stack>
    ),
    3: listsPending ? (
      <PageLoader label={t('hotelWizard.loadingLists')} />
    ) : (
      <Stack gap="xl">
        <PackagesSection
          items={form.packages}
          onSave={savePackage}
          onRemove={removePackage}
          onRemoveMany={removePackages}
          usedBy={rateCodesUsing}
          headingOrder={3}
          marked={marks.package}
          removalNote={removalNote}
          csv={{
            target: edit ? { org, hotel: hotelUuid } : null,
            onImported: () => {
              setTakeRateCodes(true);
              onImported();
            },
          }}
        />
        <RateCodesSection
          items={form.rateCodes}
          packages={packageRefs}
          onChange={(rateCodes: RateCodeItem[]) => setForm({ rateCodes })}
          importTarget={edit ? { org, hotel: hotelUuid } : null}
          loadError={loadErrors?.rateCodes ?? null}
          marks={{ marked: marks.rateCode, removalNote }}
          onImported={() => {
            setTakeRateCodes(true);
            onImported();
          }}
        />
        <AccessControlSection
          items={form.accessServices}
          hotels={hotels}
          loadError={loadErrors?.accessServices ?? null}
          marks={{ marked: marks.service, removalNote }}
          onChange={(accessServices: AccessServiceItem[]) => setForm({ accessServices })}
        />
      </Stack>
    ),
    [REGIONAL_STEP]: (
      <Stack gap="md">
        <Text size="sm">{t('hotelWizard.regionalHelp')}</Text>
        <RegionalFields
          own={form.regional ?? {}}
          inherited={inherited}
          onChange={(key: RegionalKey, own: string | null) => {
            const regional = { ...form.regional, [key]: own };
            if (own === null) delete regional[key];
            setForm({ regional });
          }}
          showErrors
          disabled={!draft.ready}
        />
      </Stack>
    ),
  };

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-start" wrap="nowrap">
        <Stack gap={4} style={{ flex: 1 }} miw={0}>
          <TextInput
            label={t('hotelWizard.name')}
            placeholder={t('hotelWizard.namePlaceholder')}
            description={edit ? t('hotelWizard.nameHelp') : undefined}
            maxLength={HOTEL_NAME_MAX}
            size="md"
            value={edit ? name : form.name}
            error={!edit && attempted && cutHotelName(form.name) === '' ? t('units.nameRequired') : undefined}
            onChange={(event) => (edit ? setName(event.currentTarget.value) : setForm({ name: event.currentTarget.value }))}
            onBlur={edit ? commitName : undefined}
          />
          {parentName !== null && <Text size="sm">{t('hotelWizard.placedUnder', { name: parentName })}</Text>}
        </Stack>
        <Button variant="default" aria-label={t('hotelWizard.closeLabel')} leftSection={<span aria-hidden="true">✕</span>} onClick={() => void navigate(unitList)}>
          {t('hotelWizard.close')}
        </Button>
      </Group>
      <DraftRestoredNotice restoredAt={draft.restoredAt} onDiscard={() => void draft.discard()} />
      {queued && (
        <Badge color="yellow" variant="light">
          {t('hotelWizard.pendingSync')}
        </Badge>
      )}
      {problem !== null && (
        <Alert color="red" role="alert">
          {problem}
        </Alert>
      )}
      {!edit && <HotelCreateStages step={value.step} />}
      <Accordion value={value.step === NO_STEP ? null : String(value.step)} onChange={(next) => open(next === null ? NO_STEP : Number(next))} variant="separated" keepMountedMode="display-none">
        {order.map((step) => (
          <Accordion.Item key={step} value={String(step)}>
            <Accordion.Control
              disabled={!draft.ready || (!edit && rank(step) > rank(value.maxStep))}
              // the access area's lists are still on their way
              aria-busy={step === LAST_STEP && listsPending ? true : undefined}
            >
              <Group gap="sm">
                <Text fw={600}>{t(STEP_TITLES[step] as MessageKey)}</Text>
                {edit && step === 0 && value.step !== 0 && pmsStepPending(baseline) && (
                  <Badge color="orange" variant="light">
                    {t('hotelWizard.pending')}
                  </Badge>
                )}
              </Group>
            </Accordion.Control>
            <Accordion.Panel>
              <Stack gap="lg">
                <StepContents open={value.step === step} defer={bigLists}>
                  <Text size="sm" role="note">
                    {t(!edit ? 'hotelSave.takesEffectCreate' : step === LAST_STEP ? 'hotelSave.takesEffectImport' : 'hotelSave.takesEffect')}
                  </Text>
                  {panels[step]}
                  {footer(step)}
                </StepContents>
              </Stack>
            </Accordion.Panel>
          </Accordion.Item>
        ))}
      </Accordion>
      <UnsavedChangesModal
        opened={asked !== null}
        onStay={() => setAsked(null)}
        onDiscard={() => {
          const step = asked ?? NO_STEP;
          setAsked(null);
          setValue((current) => ({ ...current, form: baselineOf(current), step }));
        }}
        onSave={() => {
          const step = asked ?? NO_STEP;
          setAsked(null);
          void save(form, { step });
        }}
      />
      {edit ? (
        <UnsavedChangesModal
          opened={blocker.state === 'blocked'}
          onStay={() => blocker.reset?.()}
          onDiscard={() => void exitWithoutSaving()}
          onSave={() =>
            void save(form, { step: NO_STEP }).then((queuedNow) => {
              if (blocker.state !== 'blocked') return;
              if (queuedNow) {
                allowLeave();
                blocker.proceed();
              } else blocker.reset();
            })
          }
        />
      ) : (
        <ExitConfirmModal opened={blocker.state === 'blocked'} onStay={() => blocker.reset?.()} onExit={() => void exitWithoutSaving()} />
      )}
    </Stack>
  );
}

