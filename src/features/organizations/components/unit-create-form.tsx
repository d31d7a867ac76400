import { useMemo, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { Alert, Button, Group, Select, Stack, Text } from '@mantine/core';
import { z } from 'zod';
import {
  allowedParents,
  attributesSchema,
  inheritedUnder,
  maySitUnderOrganization,
  PLACEMENT_MESSAGES,
  regionalAttributes,
  regionalComplete,
  UNIT_KIND,
  validateAttributes,
  type Attributes,
  type OrganizationDetail,
  type RegionalKey,
  type UnitType,
} from '../../../domain';
import { t } from '../../../i18n';
import { useDraft, whenSettled, type DraftScope } from '../../../offline';
import { DraftRestoredNotice, attributeProblemText, ExitConfirmModal, ForbiddenRedirect, placementMessageText, RegionalFields, useLeaveGuard } from '../../../ui';
import { SAVE_VERDICT_WAIT_MS, showSaveOutcome } from '../../../ui/save-outcome';
import { units, type UnitFormInput, type UnitRow } from '../api/units';
import { unitListRoute } from '../api/venue-api';

import { unitTypeLabel } from './unit-tree';
import { cutName, UnitNameInput } from './unit-name-input';

/**
 * What the form holds, the body of the create as far as the form sets it (a create the gateway
 * refused comes back into its draft as that body). A regional key left out or null inherits; ''
 * is a value the operator cleared (nothing chosen, so the form cannot go on).
 */
const formValueSchema = z.object({ parentUuid: z.string().nullable(), attributes: attributesSchema });
type FormValue = z.infer<typeof formValueSchema>;

/** The Select's value of the organization itself as a parent. */
const ORGANIZATION_OPTION = 'organization';

export interface UnitCreateFormProps {
  org: string;
  userUuid: string;
  type: Extract<UnitType, 'VENUE' | 'REVENUE_CENTER'>;
  /** the name query parameter; null or empty: the form asks for one */
  nameParam: string | null;
  /** the parentOuUuid query parameter */
  parentParam: string | null;
  /** the organization with its own attributes; undefined when it could not be read */
  detail: OrganizationDetail | undefined;
  /** the organization's units as shown (queued ones included, those being removed left out) */
  rows: readonly UnitRow[];
  /** where the user may place a unit (null: the organization); null while not known (all offered, the gateway decides) */
  mayPlaceUnder?: ((unitUuid: string | null) => boolean) | null;
}

/**
 * The create wizard of a venue or a revenue center (spec section 2): one step, regional
 * information, prefilled with what the unit inherits from its parent, each field saying so while
 * unchanged. A value equal to the inherited one is not written: the unit keeps inheriting it. The
 * parent comes from parentOuUuid; when that is missing (a revenue center) or cannot hold the unit,
 * the form offers the units that can, those still waiting to be sent included. Kept as a draft
 * while typing; leaving with changes asks first ('Are you sure you want to exit?').
 */
export function UnitCreateForm({ org, userUuid, type, nameParam, parentParam, detail, rows, mayPlaceUnder = null }: UnitCreateFormProps) {
  const navigate = useNavigate();
  // what the user may not do is not offered: only parents they may set up
  const candidates = useMemo(() => allowedParents(rows, type).filter((unit) => mayPlaceUnder?.(unit.uuid) ?? true), [rows, type, mayPlaceUnder]);
  const topAllowed = maySitUnderOrganization(type) && (mayPlaceUnder?.(null) ?? true);
  const validParent = (uuid: string | null) => (uuid === null ? topAllowed : candidates.some((unit) => unit.uuid === uuid));
  const givenName = cutName((nameParam ?? '').trim());
  const askName = givenName === '';
  // the parent given (none: the organization, for a venue) when it can hold the unit; else one to choose
  const [askParent] = useState(() => !validParent(parentParam));

  const scope: DraftScope = { userUuid, orgUuid: org, kind: UNIT_KIND, recordId: `new-${type}-${parentParam ?? 'top'}` };
  const initial = useMemo<FormValue>(() => ({ parentUuid: parentParam, attributes: { NAME: givenName } }), [parentParam, givenName]);
  const draft = useDraft<FormValue>({ scope, initial, baseVersion: null, schema: formValueSchema });
  const { blocker, allowLeave } = useLeaveGuard(draft.changed);
  const [nameTouched, setNameTouched] = useState(false);
  const [saving, setSaving] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);

  const value = draft.value;
  const name = value.attributes.NAME ?? '';
  const parentOk = validParent(value.parentUuid);
  const inherited = useMemo(() => (parentOk ? inheritedUnder(detail, rows, value.parentUuid) : {}), [parentOk, detail, rows, value.parentUuid]);
  const complete = name.trim() !== '' && parentOk && regionalComplete(value.attributes, inherited);
  const nameError = (nameTouched || !askName) && name.trim() === '' ? t('venue.nameRequired') : undefined;

  const setAttributes = (patch: Attributes) => {
    const attributes = { ...value.attributes, ...patch };
    for (const key of Object.keys(patch)) if (attributes[key] === null) delete attributes[key];
    draft.setValue((current) => ({ ...current, attributes }));
  };
  const setRegional = (key: RegionalKey, own: string | null) => setAttributes({ [key]: own });

  const parentLabel = (unit: UnitRow) => t(unit.pending ? 'venue.parent.optionPending' : 'venue.parent.option', { name: unit.name, type: unitTypeLabel(unit.type) });
  const parentData = [
    ...(topAllowed && detail ? [{ value: ORGANIZATION_OPTION, label: t('venue.parent.organization', { name: detail.name }) }] : []),
    ...candidates.map((unit) => ({ value: unit.uuid, label: parentLabel(unit) })),
  ];
  const parentSelectValue = !parentOk ? null : value.parentUuid === null ? ORGANIZATION_OPTION : value.parentUuid;
  const parentName = value.parentUuid === null ? detail?.name : rows.find((unit) => unit.uuid === value.parentUuid)?.name;
  const listRoute = unitListRoute(org);

  async function submit() {
    setNameTouched(true);
    if (!complete || saving) return;
    // only what differs from the parent's: the rest stays inherited
    const attributes: Attributes = { NAME: name.trim(), ...regionalAttributes(value.attributes) };
    const problem = validateAttributes(attributes)[0];
    if (problem) {
      setRefusal(attributeProblemText(problem.message));
      return;
    }
    const input: UnitFormInput = { type, parentUuid: value.parentUuid, attributes };
    setSaving(true);
    try {
      const queued = await units.queueCreate(org, userUuid, input, scope);
      await draft.clear();
      allowLeave();
      // back to the unit list; a new venue opens there (spec section 4: after saving a venue its modal opens)
      void navigate(type === 'VENUE' && queued.recordUuid ? `${listRoute}/${queued.recordUuid}` : listRoute);
      void whenSettled(queued.seq, SAVE_VERDICT_WAIT_MS).then((outcome) => showSaveOutcome(outcome, () => void navigate('/sync')));
    } finally {
      setSaving(false);
    }
  }

  async function exitWithoutSaving() {
    await draft.discard();
    if (blocker.state === 'blocked') blocker.proceed();
  }

  // parents exist for this unit, but none the user may set up: a direct link here is the 403 page
  const placeable = maySitUnderOrganization(type) || allowedParents(rows, type).length > 0;
  if (mayPlaceUnder !== null && placeable && !topAllowed && candidates.length === 0) return <ForbiddenRedirect reason={t('units.forbiddenSetup')} />;

  return (
    <form
      noValidate
      aria-label={t(type === 'VENUE' ? 'venue.create.title' : 'venue.create.revenueCenterTitle')}
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <Stack gap="md">
        <DraftRestoredNotice restoredAt={draft.restoredAt} onDiscard={() => void draft.discard()} />
        {(draft.error ?? refusal) !== null && (
          <Alert color="red" role="alert">
            {draft.error !== null ? t('draft.refused', { message: draft.error }) : refusal}
          </Alert>
        )}
        {askName ? (
          <UnitNameInput
            label={t(type === 'VENUE' ? 'venue.name' : 'venue.revenueCenterName')}
            description={t('venue.nameDescription')}
            required
            data-autofocus
            value={name}
            error={nameError}
            disabled={!draft.ready}
            onChange={(next) => setAttributes({ NAME: next })}
            onBlur={() => setNameTouched(true)}
          />
        ) : (
          <Text fw={600}>{t('venue.create.name', { name })}</Text>
        )}
        {askParent ? (
          <Select
            label={t('venue.parent')}
            placeholder={t('venue.parent.placeholder')}
            description={parentParam !== null ? placementMessageText(type === 'REVENUE_CENTER' ? PLACEMENT_MESSAGES.revenueCenterParent : PLACEMENT_MESSAGES.parentMissing) : undefined}
            required
            data={parentData}
            value={parentSelectValue}
            allowDeselect={false}
            nothingFoundMessage={t('venue.parent.none')}
            disabled={!draft.ready}
            onChange={(chosen) => draft.setValue((current) => ({ ...current, parentUuid: chosen === ORGANIZATION_OPTION ? null : chosen }))}
          />
        ) : (
          parentName !== undefined && <Text size="sm">{t('venue.parent.fixed', { name: parentName })}</Text>
        )}
        {askParent && parentData.length === 0 && (
          <Alert color="yellow" variant="light">
            {t('venue.parent.none')}
          </Alert>
        )}
        <RegionalFields own={value.attributes} inherited={inherited} onChange={setRegional} showErrors={nameTouched} disabled={!draft.ready} />
        <Group justify="flex-end">
          <Button variant="default" onClick={() => void navigate(listRoute)}>
            {t('venue.cancel')}
          </Button>
          <Button type="submit" loading={saving} disabled={!draft.ready || !complete}>
            {t('venue.add')}
          </Button>
        </Group>
      </Stack>
      <ExitConfirmModal opened={blocker.state === 'blocked'} onStay={() => blocker.reset?.()} onExit={() => void exitWithoutSaving()} />
    </form>
  );
}
