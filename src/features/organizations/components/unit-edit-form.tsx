import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { Accordion, Anchor, Badge, Group, Stack, Title } from '@mantine/core';
import { z } from 'zod';
import { ATTRIBUTE_GROUPS, attributesSchema, UNIT_KIND, unitNameOf, validateAttributes, type AttributeGroup, type Attributes, type EffectiveAttributes, type UnitType } from '../../../domain';
import { t } from '../../../i18n';
import { useDraft, whenSettled, type DraftScope } from '../../../offline';
import { DraftNotices, attributeProblemText, AttributeSettings, HistoryPanel, SaveBar, UnsavedChangesModal, useFormModalGuard, type AttributeReferenceRecord, type UploadedImage } from '../../../ui';
import { SAVE_VERDICT_WAIT_MS, showSaveOutcome } from '../../../ui/save-outcome';
import { units, type UnitRow } from '../api/units';
import { unitListRoute } from '../api/venue-api';
import { useLeaveGuard } from '../../../ui';
import { restorableSetting } from './unit-editor';
import { UnitNameInput } from './unit-name-input';

/** The settings of the details section: every group of spec section 1 after the general details (the name is the heading's). */
export const VENUE_SETTING_GROUPS: readonly AttributeGroup[] = ATTRIBUTE_GROUPS.filter((group) => group !== 'general');

/**
 * The draft: the unit's own attributes (the units screen keeps the same draft of a unit, so an
 * edit started there continues here). A key left out is inherited.
 */
const formValueSchema = z.object({ attributes: attributesSchema });
type FormValue = z.infer<typeof formValueSchema>;

/** null is "not set here", as is a key left out: one spelling, so a saved form equals its record again. */
function withoutNulls(attributes: Attributes): Attributes {
  return Object.fromEntries(Object.entries(attributes).filter(([, value]) => value !== null));
}

/** Every problem of the attributes to save, per key, in the catalogue's words. */
function problemsOf(attributes: Attributes): Record<string, string> {
  const problems: Record<string, string> = {};
  for (const problem of validateAttributes(attributes)) if (problem.key !== null) problems[problem.key] = attributeProblemText(problem.message);
  if (unitNameOf(attributes) === null) problems.NAME = t('venue.nameRequired');
  return problems;
}

export interface UnitEditFormProps {
  org: string;
  userUuid: string;
  /** the unit as shown (its queued changes applied) */
  record: UnitRow;
  type: Extract<UnitType, 'VENUE' | 'REVENUE_CENTER'>;
  /** its effective attributes: what each setting inherits, and from where */
  effective: EffectiveAttributes | undefined;
  hotels: readonly AttributeReferenceRecord[];
  pmsConnections: readonly AttributeReferenceRecord[];
  /** the options of POI_ACCESS_CONTROL_SERVICES */
  accessControlServices?: readonly AttributeReferenceRecord[];
  onUploadImage?: (file: File) => Promise<UploadedImage>;
}

/**
 * The edit screen of a venue or a revenue center (spec section 2, "Venue edit screen"): the name
 * in the heading, saved on blur when it changed and is not empty (at most 50 characters, longer
 * input cut); the settings in an expandable details section, saved by 'save changes' through the
 * outbox, with the notice of what became of the change. Kept as a draft while editing; leaving
 * with changes asks (discard or save). After a revenue center's settings are saved the screen
 * returns to the units (spec section 4: the redirect after a revenue center update).
 */
export function UnitEditForm({ org, userUuid, record, type, effective, hotels, pmsConnections, accessControlServices, onUploadImage }: UnitEditFormProps) {
  const navigate = useNavigate();
  const listRoute = unitListRoute(org);
  const scope: DraftScope = { userUuid, orgUuid: org, kind: UNIT_KIND, recordId: record.uuid };
  const initial: FormValue = { attributes: withoutNulls(record.attributes) };
  const draft = useDraft<FormValue>({ scope, initial, baseVersion: record.version, schema: formValueSchema });
  const { blocker, allowLeave } = useLeaveGuard(draft.changed);
  const [detailsOpen, setDetailsOpen] = useState(false);
  const [attempted, setAttempted] = useState(false);
  const [nameTouched, setNameTouched] = useState(false);
  const [saving, setSaving] = useState(false);
  const nameField = useRef<HTMLInputElement>(null);

  const value = draft.value;
  const name = value.attributes.NAME ?? '';
  const problems = problemsOf(value.attributes);
  const nameError = (nameTouched || attempted) && name.trim() === '' ? t('venue.nameRequired') : undefined;
  const savedName = record.attributes.NAME ?? record.name;

  // a restored draft is shown where its changes are
  useEffect(() => {
    if (draft.restoredAt !== null) setDetailsOpen(true);
  }, [draft.restoredAt]);

  const setAttributes = (attributes: Attributes) => draft.setValue({ attributes: withoutNulls(attributes) });
  const announce = (seq: number) => void whenSettled(seq, SAVE_VERDICT_WAIT_MS).then((outcome) => showSaveOutcome(outcome, () => void navigate('/sync')));

  /** The name is saved on its own when the field is left: only a changed, non-empty name. */
  async function commitName() {
    setNameTouched(true);
    const typed = name.trim();
    if (typed === '' || typed === savedName) {
      if (typed !== '' && typed !== name) setAttributes({ ...value.attributes, NAME: typed });
      return;
    }
    // the other settings being edited stay in the form, still unsaved: this change is the name alone,
    // saved from now on (a "Back to the units" that took the focus from the field leaves without asking)
    if (typed !== name) setAttributes({ ...value.attributes, NAME: typed });
    const renamed = { attributes: withoutNulls({ ...record.attributes, NAME: typed }) };
    const queued = await draft.handOver(renamed, () =>
      units.queueUpdate(org, userUuid, record, record.version, { type: record.type, parentUuid: record.parentUuid, attributes: { ...record.attributes, NAME: typed } }, scope),
    );
    announce(queued.seq);
  }

  /** 'save changes': true once queued (or nothing to save), false when something must be put right first. */
  async function save({ redirect }: { redirect: boolean }): Promise<boolean> {
    if (!draft.changed) return true;
    const attributes = { ...value.attributes, NAME: name.trim() };
    if (Object.keys(problems).length > 0) {
      setAttempted(true);
      if (problems.NAME !== undefined) nameField.current?.focus();
      else setDetailsOpen(true);
      return false;
    }
    setSaving(true);
    try {
      draft.setValue({ attributes });
      const queued = await draft.handOver({ attributes }, () =>
        units.queueUpdate(org, userUuid, record, draft.restoredBaseVersion ?? record.version, { type: record.type, parentUuid: record.parentUuid, attributes }, scope),
      );
      announce(queued.seq);
      if (type === 'REVENUE_CENTER' && redirect) {
        allowLeave();
        void navigate(listRoute);
      }
      return true;
    } finally {
      setSaving(false);
    }
  }

  const { requestClose } = useFormModalGuard({ dirty: draft.changed, discard: () => draft.discard(), save: () => save({ redirect: true }).then(() => undefined) }, () => void navigate(listRoute));

  async function discardAndLeave() {
    await draft.discard();
    if (blocker.state === 'blocked') blocker.proceed();
  }
  async function saveAndLeave() {
    const saved = await save({ redirect: false });
    if (blocker.state !== 'blocked') return;
    if (saved) blocker.proceed();
    else blocker.reset();
  }

  const titleId = `unit-edit-title-${record.uuid}`;
  return (
    <form
      noValidate
      aria-labelledby={titleId}
      onSubmit={(event) => {
        event.preventDefault();
        void save({ redirect: true });
      }}
    >
      <Stack gap="md">
        <Anchor
          component={Link}
          to={listRoute}
          size="sm"
          onClick={(event) => {
            event.preventDefault();
            requestClose();
          }}
        >
          {t('venue.backToUnits')}
        </Anchor>
        <Group gap="sm" align="center">
          <Title order={1} fz="h2" id={titleId}>
            {t(type === 'VENUE' ? 'venue.edit.title' : 'venue.edit.revenueCenterTitle')}
          </Title>
          {record.pending && (
            <Badge variant="light" color="blue">
              {t('venue.pendingSync')}
            </Badge>
          )}
        </Group>
        <DraftNotices draft={draft} />
        <UnitNameInput
          ref={nameField}
          label={t(type === 'VENUE' ? 'venue.name' : 'venue.revenueCenterName')}
          description={t('venue.nameDescription')}
          required
          value={name}
          error={nameError}
          disabled={!draft.ready}
          onChange={(next) => setAttributes({ ...value.attributes, NAME: next })}
          onBlur={() => void commitName()}
        />
        <Accordion variant="contained" value={detailsOpen ? 'details' : null} onChange={(next) => setDetailsOpen(next === 'details')}>
          <Accordion.Item value="details">
            <Accordion.Control>{t('venue.details')}</Accordion.Control>
            <Accordion.Panel>
              <AttributeSettings
                groups={VENUE_SETTING_GROUPS}
                value={value.attributes}
                onChange={setAttributes}
                effective={effective}
                errors={attempted ? problems : undefined}
                hotels={hotels}
                pmsConnections={pmsConnections}
                accessControlServices={accessControlServices}
                onUploadImage={onUploadImage}
                disabled={!draft.ready}
              />
            </Accordion.Panel>
          </Accordion.Item>
        </Accordion>
        <HistoryPanel
          orgUuid={org}
          kind={UNIT_KIND}
          recordUuid={record.uuid}
          canRestore={(change) => draft.ready && restorableSetting(change) !== null}
          onRestore={(change) => {
            const setting = restorableSetting(change);
            if (!setting) return;
            setAttributes({ ...value.attributes, [setting.key]: setting.value });
            if (setting.key !== 'NAME') setDetailsOpen(true);
          }}
        />
        <SaveBar dirty={draft.changed} saveLabel={t('venue.saveChanges')} saving={saving} disabled={!draft.ready} onDiscard={() => void draft.discard()} />
      </Stack>
      <UnsavedChangesModal opened={blocker.state === 'blocked'} onStay={() => blocker.reset?.()} onDiscard={() => void discardAndLeave()} onSave={() => void saveAndLeave()} />
    </form>
  );
}
