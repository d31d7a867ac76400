import { useEffect, useImperativeHandle, useState, type Ref } from 'react';
import { useNavigate } from 'react-router-dom';
import { Badge, Group, Stack, Text, Title } from '@mantine/core';
import { z } from 'zod';
import {
  ATTRIBUTE_GROUPS,
  attributesSchema,
  UNIT_KIND,
  unitNameOf,
  validateAttributes,
  type AttributeGroup,
  type Attributes,
  type HistoryChange,
  type Unit,
} from '../../../domain';
import { t } from '../../../i18n';
import { useDraft, whenSettled, type DraftScope } from '../../../offline';
import { DraftNotices, attributeProblemText, AttributeSettings, HistoryPanel, SaveBar, useInvalidFocus, type AttributeReferenceRecord, type UploadedImage } from '../../../ui';
import { SAVE_VERDICT_WAIT_MS, showSaveOutcome } from '../../../ui/save-outcome';
import { units } from '../api/units';
import { unitTypeLabel } from './unit-tree';

const editSchema = z.object({ attributes: attributesSchema });
type EditValue = z.infer<typeof editSchema>;

/** Every group but the general one, whose name the heading edits: the unit settings of spec section 1. */
export const UNIT_SETTING_GROUPS: readonly AttributeGroup[] = ATTRIBUTE_GROUPS;

interface UnitEditorProps {
  org: string;
  userUuid: string;
  unit: Unit & { pending?: boolean };
  hotels: readonly AttributeReferenceRecord[];
  pmsConnections: readonly AttributeReferenceRecord[];
  /** the options of POI_ACCESS_CONTROL_SERVICES */
  accessControlServices?: readonly AttributeReferenceRecord[];
  onUploadImage?: (file: File) => Promise<UploadedImage>;
  /** after the change was queued */
  onSaved?: () => void;
  /** the save button's words (the venue screen's are 'save changes') */
  saveLabel?: string;
  /** told whenever the settings start or stop differing from the unit's */
  onDirtyChange?: (dirty: boolean) => void;
  /** lets a page save or discard the settings when the operator leaves with changes */
  controlRef?: Ref<UnitEditorControl>;
  /** the user may see the unit but not set it up (spec section 6): shown, not offered for change */
  readOnly?: boolean;
}

export interface UnitEditorControl {
  /** saves when valid; false when the settings have problems (shown on the form) */
  save(): Promise<boolean>;
  discard(): Promise<void>;
}

/**
 * A unit's setting as its history names it (`attributes.CURRENCY`) and the value it had before the
 * change, when the settings can take it back (a text or none); null for anything else (the name is
 * an attribute too: NAME).
 */
export function restorableSetting(change: HistoryChange): { key: string; value: string | null } | null {
  if (change.secret || !change.field.startsWith('attributes.')) return null;
  const before = change.before ?? null;
  if (before !== null && typeof before !== 'string') return null;
  return { key: change.field.slice('attributes.'.length), value: before };
}

/** The problems of a unit's attributes, per key, in the catalogue's words (NAME required). */
function problemsOf(attributes: Attributes): Record<string, string> {
  const problems: Record<string, string> = {};
  for (const problem of validateAttributes(attributes)) if (problem.key !== null) problems[problem.key] = attributeProblemText(problem.message);
  if (unitNameOf(attributes) === null && problems.NAME === undefined) problems.NAME = t('units.nameRequired');
  return problems;
}

/**
 * A unit's settings, by group, each value marked set here or inherited (and from where), kept as a
 * draft while typing and saved through the outbox over the version the edit started from.
 */
export function UnitEditor({ org, userUuid, unit, hotels, pmsConnections, accessControlServices, onUploadImage, onSaved, saveLabel, onDirtyChange, controlRef, readOnly = false }: UnitEditorProps) {
  const scope: DraftScope = { userUuid, orgUuid: org, kind: UNIT_KIND, recordId: unit.uuid };
  const draft = useDraft<EditValue>({ scope, initial: { attributes: unit.attributes }, baseVersion: unit.version, schema: editSchema });
  const [attempted, setAttempted] = useState(false);
  const [saving, setSaving] = useState(false);
  const navigate = useNavigate();
  const { formRef, focusFirstInvalid } = useInvalidFocus();
  const problems = problemsOf(draft.value.attributes);

  async function save(): Promise<boolean> {
    if (!draft.changed) return true;
    setAttempted(true);
    if (Object.keys(problems).length > 0) {
      focusFirstInvalid();
      return false;
    }
    setSaving(true);
    try {
      const attributes = draft.value.attributes;
      const queued = await draft.handOver({ attributes }, () =>
        units.queueUpdate(org, userUuid, unit, draft.restoredBaseVersion ?? unit.version, { type: unit.type, parentUuid: unit.parentUuid, attributes }, scope),
      );
      onSaved?.();
      void whenSettled(queued.seq, SAVE_VERDICT_WAIT_MS).then((outcome) => showSaveOutcome(outcome, () => void navigate('/sync')));
      return true;
    } finally {
      setSaving(false);
    }
  }
  useImperativeHandle(controlRef, () => ({ save, discard: () => draft.discard() }));
  const dirty = draft.ready && draft.changed;
  useEffect(() => onDirtyChange?.(dirty), [dirty, onDirtyChange]);

  return (
    <form
      ref={formRef}
      noValidate
      aria-labelledby="unit-editor-title"
      onSubmit={(event) => {
        event.preventDefault();
        void save();
      }}
    >
      <Stack gap="md">
        <Group justify="space-between" align="center">
          <Group gap="sm" align="center" miw={0}>
            <Title order={2} fz="h3" id="unit-editor-title">
              {unit.name}
            </Title>
            <Badge variant="light" color="gray">
              {unitTypeLabel(unit.type)}
            </Badge>
            {unit.pending && (
              <Badge variant="light" color="blue">
                {t('pms.pendingSync')}
              </Badge>
            )}
          </Group>
        </Group>
        <DraftNotices draft={draft} />
        {readOnly && (
          <Text size="sm" c="dimmed">
            {t('units.readOnly')}
          </Text>
        )}
        {unit.effective === undefined && (
          <Text size="sm" c="dimmed">
            {t('units.inheritedAfterSync')}
          </Text>
        )}
        <AttributeSettings
          groups={UNIT_SETTING_GROUPS}
          value={draft.value.attributes}
          onChange={(attributes) => draft.setValue({ attributes })}
          effective={unit.effective}
          errors={attempted ? problems : undefined}
          hotels={hotels}
          pmsConnections={pmsConnections}
          accessControlServices={accessControlServices}
          onUploadImage={onUploadImage}
          disabled={!draft.ready || readOnly}
        />
        <HistoryPanel
          orgUuid={org}
          kind={UNIT_KIND}
          recordUuid={unit.uuid}
          canRestore={(change) => !readOnly && draft.ready && restorableSetting(change) !== null}
          onRestore={(change) => {
            const setting = restorableSetting(change);
            if (setting) draft.setValue({ attributes: { ...draft.value.attributes, [setting.key]: setting.value } });
          }}
        />
        {/* a hotel's settings are thousands of pixels tall: Save and Discard stay in view while they hold changes */}
        {!readOnly && <SaveBar dirty={dirty} saveLabel={saveLabel ?? t('units.saveChanges')} saving={saving} onDiscard={() => void draft.discard()} />}
      </Stack>
    </form>
  );
}
