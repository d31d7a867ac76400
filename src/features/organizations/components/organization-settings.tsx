import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { Accordion, Button, Group, Select, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import {
  attributeDefinition,
  attributesSchema,
  isAttributeKey,
  ORGANIZATION_KIND,
  ORGANIZATION_MESSAGES,
  ORGANIZATION_STATUSES,
  organizationInputSchema,
  validateAttributes,
  type AttributeGroup,
  type AttributeKey,
  type OrganizationDetail,
} from '../../../domain';
import { invalidateAfterWrite } from '../../../api';
import { t, type MessageKey } from '../../../i18n';
import { enqueue, useDraft, whenSettled, type DraftScope } from '../../../offline';
import { DraftNotices, attributeProblemText, AttributeSettings, SaveBar, useInvalidFocus, type AttributeReferenceRecord, type UploadedImage } from '../../../ui';
import { SAVE_VERDICT_WAIT_MS, showSaveOutcome } from '../../../ui/save-outcome';

/**
 * The configuration page's collapsible sections (spec section 4: section1 to section12, there is no
 * section7), each holding groups of the attribute registry; section1 also holds the organization's
 * own fields.
 */
export const ORGANIZATION_SECTIONS: readonly { id: string; title: MessageKey; groups: readonly AttributeGroup[] }[] = [
  { id: 'section1', title: 'organizationSettings.section1', groups: ['general'] },
  { id: 'section2', title: 'organizationSettings.section2', groups: ['regional'] },
  { id: 'section3', title: 'organizationSettings.section3', groups: ['branding'] },
  { id: 'section4', title: 'organizationSettings.section4', groups: ['employee'] },
  { id: 'section5', title: 'organizationSettings.section5', groups: ['ordering'] },
  { id: 'section6', title: 'organizationSettings.section6', groups: ['table-and-guest'] },
  { id: 'section8', title: 'organizationSettings.section8', groups: ['payments'] },
  { id: 'section9', title: 'organizationSettings.section9', groups: ['tipping'] },
  { id: 'section10', title: 'organizationSettings.section10', groups: ['receipts', 'fiscal'] },
  { id: 'section11', title: 'organizationSettings.section11', groups: ['discounts', 'pms-posting'] },
  { id: 'section12', title: 'organizationSettings.section12', groups: ['room-charge', 'access-control'] },
];

/** The sections holding the organization's name (when it has a problem) and the attributes named. */
export function sectionsWithProblems(nameProblem: boolean, attributeKeys: readonly string[]): string[] {
  const groups = new Set(attributeKeys.filter(isAttributeKey).map((key) => attributeDefinition(key).group));
  return ORGANIZATION_SECTIONS.filter((section) => (nameProblem && section.id === 'section1') || section.groups.some((group) => groups.has(group))).map((section) => section.id);
}

/** An organization's name and type are its own fields, not settings. */
const ORGANIZATION_OWN_KEYS: readonly AttributeKey[] = ['TYPE', 'NAME'];

const valueSchema = z.object({ legalCompanyName: z.string(), status: z.enum(ORGANIZATION_STATUSES), attributes: attributesSchema });
type Value = z.infer<typeof valueSchema>;

interface OrganizationSettingsProps {
  userUuid: string;
  /** the organization to edit; null creates one */
  organization: OrganizationDetail | null;
  hotels: readonly AttributeReferenceRecord[];
  pmsConnections: readonly AttributeReferenceRecord[];
  onUploadImage?: (file: File) => Promise<UploadedImage>;
}

/**
 * The organization's own fields and settings. Saving a new organization stores it (through the
 * outbox, with its uuid chosen here) and opens it once the gateway has it; saving an existing one
 * sends it over the version the edit started from and reloads it.
 */
export function OrganizationSettings({ userUuid, organization, hotels, pmsConnections, onUploadImage }: OrganizationSettingsProps) {
  const [uuid] = useState(() => organization?.uuid ?? crypto.randomUUID());
  const scope: DraftScope = { userUuid, orgUuid: uuid, kind: ORGANIZATION_KIND, recordId: organization ? uuid : 'new' };
  const initial: Value = organization
    ? { legalCompanyName: organization.legalCompanyName, status: organization.status, attributes: organization.attributes }
    : { legalCompanyName: '', status: 'ACTIVE', attributes: {} };
  const draft = useDraft<Value>({ scope, initial, baseVersion: organization?.version ?? null, schema: valueSchema });
  const [attempted, setAttempted] = useState(false);
  const [openSections, setOpenSections] = useState<string[]>(['section1']);
  const [saving, setSaving] = useState(false);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { formRef, focusFirstInvalid } = useInvalidFocus();
  const value = draft.value;

  const nameProblem = organizationInputSchema.shape.legalCompanyName.safeParse(value.legalCompanyName).error?.issues[0]?.message;
  const attributeProblems: Record<string, string> = {};
  for (const problem of validateAttributes(value.attributes)) if (problem.key !== null) attributeProblems[problem.key] = attributeProblemText(problem.message);
  const invalid = nameProblem !== undefined || Object.keys(attributeProblems).length > 0;
  const nameError = attempted && nameProblem ? t(nameProblem === ORGANIZATION_MESSAGES.legalCompanyNameTooLong ? 'organizationSettings.nameTooLong' : 'organizationSettings.nameRequired') : undefined;

  async function save() {
    setAttempted(true);
    if (invalid) {
      const withProblems = sectionsWithProblems(nameProblem !== undefined, Object.keys(attributeProblems));
      setOpenSections((open) => [...open, ...withProblems.filter((id) => !open.includes(id))]);
      focusFirstInvalid();
      return;
    }
    if (organization && !draft.changed) return;
    setSaving(true);
    try {
      const body = { legalCompanyName: value.legalCompanyName.trim(), status: value.status, attributes: value.attributes };
      const queued = await draft.handOver(value, () =>
        enqueue({
          method: organization ? 'PUT' : 'POST',
          path: organization ? `/organization/${uuid}` : '/organization/v1/organization',
          body: organization ? body : { uuid, ...body },
          ifMatch: organization ? (draft.restoredBaseVersion ?? organization.version) : null,
          userUuid,
          orgUuid: uuid,
          label: t(organization ? 'organizationSettings.label.update' : 'organizationSettings.label.create', { name: body.legalCompanyName }),
          recordUuid: uuid,
          collection: ORGANIZATION_KIND,
          original: organization ? { legalCompanyName: organization.legalCompanyName, status: organization.status, version: organization.version } : null,
          draft: scope,
        }),
      );
      const outcome = await whenSettled(queued.seq, SAVE_VERDICT_WAIT_MS);
      showSaveOutcome(outcome, () => void navigate('/sync'));
      // refetched now, even while no screen shows them: the page opened next must find the new organization
      await invalidateAfterWrite(queryClient, { queryKey: ['organizations'], refetchType: 'all' });
      await invalidateAfterWrite(queryClient, { queryKey: ['organization'] });
      if (!organization) void navigate(outcome.kind === 'applied' ? `/organization/${uuid}` : '/organizations');
    } finally {
      setSaving(false);
    }
  }

  return (
    <form
      ref={formRef}
      noValidate
      aria-label={t('organizationSettings.formLabel')}
      onSubmit={(event) => {
        event.preventDefault();
        void save();
      }}
    >
      <Stack gap="md">
        <DraftNotices draft={draft} />
        {/* a closed section's fields are not made (12 sections of settings were most of the page's work
            on a phone); a refused save opens the sections that hold a problem before focusing it */}
        <Accordion multiple value={openSections} onChange={setOpenSections} variant="separated" keepMounted={false}>
          {ORGANIZATION_SECTIONS.map((section) => (
            <Accordion.Item key={section.id} value={section.id} id={section.id}>
              <Accordion.Control>{t(section.title)}</Accordion.Control>
              <Accordion.Panel>
                <Stack gap="md">
                  {section.id === 'section1' && (
                    <SimpleGrid cols={{ base: 1, xs: 2 }}>
                      <TextInput
                        label={t('organizationSettings.legalCompanyName')}
                        required
                        value={value.legalCompanyName}
                        error={nameError}
                        disabled={!draft.ready}
                        onChange={(event) => draft.setValue((current) => ({ ...current, legalCompanyName: event.currentTarget.value }))}
                      />
                      <Select
                        label={t('organizationSettings.status')}
                        required
                        allowDeselect={false}
                        data={ORGANIZATION_STATUSES.map((status) => ({ value: status, label: t(`organizations.status.${status}`) }))}
                        value={value.status}
                        disabled={!draft.ready}
                        onChange={(status) => draft.setValue((current) => ({ ...current, status: (status ?? 'ACTIVE') as Value['status'] }))}
                      />
                    </SimpleGrid>
                  )}
                  <AttributeSettings
                    groups={section.groups}
                    value={value.attributes}
                    onChange={(attributes) => draft.setValue((current) => ({ ...current, attributes }))}
                    isRoot
                    omit={ORGANIZATION_OWN_KEYS}
                    errors={attempted ? attributeProblems : undefined}
                    hotels={hotels}
                    pmsConnections={pmsConnections}
                    onUploadImage={organization ? onUploadImage : undefined}
                    disabled={!draft.ready}
                  />
                </Stack>
              </Accordion.Panel>
            </Accordion.Item>
          ))}
        </Accordion>
        {/* an organization's changes keep Save and Discard in view: 12 sections are above them */}
        {organization !== null ? (
          <SaveBar dirty={draft.changed} saveLabel={t('units.saveChanges')} saving={saving} disabled={!draft.ready} onDiscard={() => void draft.discard()} />
        ) : (
          <Group justify="flex-end">
            <Button type="submit" loading={saving} disabled={!draft.ready}>
              {t('organizationSettings.create')}
            </Button>
          </Group>
        )}
      </Stack>
    </form>
  );
}
