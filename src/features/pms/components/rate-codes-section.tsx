import { useId, useMemo, useState } from 'react';
import { Alert, Button, Group, HoverCard, List, MultiSelect, Stack, Text } from '@mantine/core';
import { externalIdKey, joinPackedRateCodes, packRateCodes, RATE_CODE_PACKAGE_PREVIEW, rateCodeCsvText } from '../../../domain';
import { formatList, plural, t } from '../../../i18n';
import { blocksOf, mapInSlices, useCheckedForm, useFormModalGuard, type DataTableColumn } from '../../../ui';
import type { CsvImportCurrent } from '../../../../worker/jobs';
import type { PackageRef, RateCodeItem } from './hotel-items';
import { CsvExportButton } from './csv-export-button';
import { RateCodeImportModal } from './rate-code-import-modal';
import { useWizardList, WizardItemForm, wizardListWords, type RemoveManyWords, type WizardListMarks } from './wizard-list';

/** Removing several rate codes at once: one confirmation naming the count. */
const REMOVE_MANY_WORDS: RemoveManyWords = {
  title: (count) => plural('rateCodes.removeMany', count),
  text: (names) => t('rateCodes.removeManyText', { names: formatList(names) }),
  confirm: (count) => plural('rateCodes.removeManyConfirm', count),
};

/** The order an export lists rate codes in. */
const csvNames = new Intl.Collator('en', { sensitivity: 'base' });
const byCsvName = (a: { name: string }, b: { name: string }) => csvNames.compare(a.name, b.name);

/** Rate codes packed at once for an import's preview (a few ms of the page's time). */
const PACK_BLOCK = 1_000;

/** A rate code ID's longest form (the gateway's rule). */
const RATE_CODE_ID_MAX = 100;
/** Options the package picker lists at once; typing narrows them. */
const PACKAGE_OPTIONS_SHOWN = 200;

export interface RateCodesSectionProps {
  items: readonly RateCodeItem[];
  packages: readonly PackageRef[];
  onChange(next: RateCodeItem[]): void;
  /** where Import uploads; null in create mode: Import disabled */
  importTarget: { org: string; hotel: string } | null;
  /** after a successful import (the wizard reloads the codes) */
  onImported(): void;
  /** why the codes could not be read (the gateway's message): '{message} error' in place of the table; null: read */
  loadError?: string | null;
  /** the rows the last save touched, and what the removal question says of when it takes effect */
  marks?: WizardListMarks;
}


/**
 * The Rate Codes section of the hotel wizard's step 3 (spec section 2): a table of the hotel's rate
 * codes (Alias, the first 6 package IDs then a list of the rest, Remove, Edit), Create, and Import
 * from a CSV once the hotel exists. It edits the list it is given and hands the whole new list to
 * `onChange`; the wizard saves it with the hotel.
 */
export function RateCodesSection({ items, packages, onChange, importTarget, onImported, loadError = null, marks }: RateCodesSectionProps) {
  const list = useWizardList<RateCodeItem, { name: string; packages: string[] }>(items, onChange, wizardListWords('rateCodes'), marks);
  const [importing, setImporting] = useState(false);
  const importHintId = useId();
  const externalIdOf = useMemo(() => new Map(packages.map((item) => [item.localId, item.externalId])), [packages]);
  // the codes as the CSV names them: what an export writes and an import is compared with. Made
  // when asked (Export without the gateway, a file chosen to import), never per render: a big
  // hotel's list is 100,000 codes (the worker sorts what it compares)
  const csvCodeOf = (item: RateCodeItem) => ({ name: item.name, packageExternalIds: item.packages.flatMap((localId) => externalIdOf.get(localId) ?? []) });
  // what a chosen file is compared with, made in slices (no long task) and handed to the worker as
  // one string: 100,000 records would be a long task to serialise
  const held = async (): Promise<CsvImportCurrent> => {
    // packed block by block: one join of 100,000 short strings is itself a long task
    const blocks = await mapInSlices(blocksOf(items, PACK_BLOCK), (block) => packRateCodes(block.map(csvCodeOf)), { checkEvery: 1 });
    const packed = blocks.every((block) => block !== null) ? joinPackedRateCodes(blocks) : await mapInSlices(items, csvCodeOf);
    return { rateCodes: packed, packages: packages.map((item) => ({ externalId: item.externalId })) };
  };

  const columns: DataTableColumn<RateCodeItem>[] = [
    { key: 'alias', header: t('rateCodes.column.alias'), cell: (item) => item.name, sort: (item) => item.name },
    {
      key: 'packages',
      header: t('rateCodes.column.packages'),
      cell: (item) => {
        const ids = item.packages.flatMap((localId) => {
          const id = externalIdOf.get(localId);
          return id === undefined ? [] : [id];
        });
        const rest = ids.slice(RATE_CODE_PACKAGE_PREVIEW);
        return (
          <Group gap="xs" wrap="wrap">
            <Text span size="sm">
              {ids.slice(0, RATE_CODE_PACKAGE_PREVIEW).join(', ')}
            </Text>
            {rest.length > 0 && <MorePackages name={item.name} rest={rest} />}
          </Group>
        );
      },
    },
    list.removeColumn,
    list.editColumn,
  ];

  return (
    <Stack gap="md">
      {list.header(
        <Group gap="xs">
          <Button onClick={list.add} disabled={loadError !== null}>
            {t('rateCodes.create')}
          </Button>
          <Button variant="light" disabled={importTarget === null || loadError !== null} onClick={() => setImporting(true)} aria-describedby={importTarget === null ? importHintId : undefined}>
            {t('rateCodes.import')}
          </Button>
          <CsvExportButton kind="rate-codes" label="rateCodes.export" target={importTarget} local={() => rateCodeCsvText(items.map(csvCodeOf).sort(byCsvName))} />
        </Group>,
      )}
      {importTarget === null && (
        <Text size="xs" c="dimmed" id={importHintId}>
          {t('rateCodes.importUnavailable')}
        </Text>
      )}
      {/* spec section 8: the codes could not be read: the message followed by ' error', in place of the table */}
      {loadError !== null ? (
        <Alert color="red" role="alert">
          {t('rateCodes.loadFailed', { message: loadError })}
        </Alert>
      ) : (
        list.table(columns, { removeMany: REMOVE_MANY_WORDS })
      )}
      {list.modal(700, (item, onSave, onClose) => <RateCodeForm item={item} items={items} packages={packages} onSave={onSave} onClose={onClose} />)}
      {importTarget !== null && (
        <RateCodeImportModal opened={importing} onClose={() => setImporting(false)} target={importTarget} current={held} onImported={onImported} />
      )}
    </Stack>
  );
}

/** The package IDs past the first 6: a count that opens their list on hover or keyboard focus. */
function MorePackages({ name, rest }: { name: string; rest: readonly string[] }) {
  const count = rest.length;
  return (
    <HoverCard position="bottom-start" shadow="md" withArrow role="tooltip" openDelay={100}>
      <HoverCard.Target>
        <Button size="compact-xs" variant="subtle" aria-label={t('rateCodes.moreLabel', { count, name })}>
          {t('rateCodes.more', { count })}
        </Button>
      </HoverCard.Target>
      <HoverCard.Dropdown>
        <Text size="sm" fw={600}>
          {t('rateCodes.more', { count })}
        </Text>
        <List size="sm" aria-label={t('rateCodes.moreList', { name })} mah={220} style={{ overflowY: 'auto' }}>
          {rest.map((id) => (
            <List.Item key={id}>{id}</List.Item>
          ))}
        </List>
      </HoverCard.Dropdown>
    </HoverCard>
  );
}

interface RateCodeFormProps {
  /** the code edited; null creates one */
  item: RateCodeItem | null;
  /** every code of the hotel: an ID is unique among them */
  items: readonly RateCodeItem[];
  packages: readonly PackageRef[];
  onSave: (value: { name: string; packages: string[] }) => void;
  onClose: () => void;
}

/**
 * Create or edit a rate code: its ID (required, unique in the hotel) and its packages (at least
 * one, picked by searching their IDs). Packages the code names that are no longer among the
 * hotel's live packages are said to be missing and left out of what is saved.
 */
function RateCodeForm({ item, items, packages, onSave, onClose }: RateCodeFormProps) {
  const live = useMemo(() => new Set(packages.map((entry) => entry.localId)), [packages]);
  const initialPackages = useMemo(() => (item ? item.packages.filter((localId) => live.has(localId)) : []), [item, live]);
  const missing = item !== null && item.packages.some((localId) => !live.has(localId));
  const [name, setName] = useState(item?.name ?? '');
  const [selected, setSelected] = useState<string[]>(initialPackages);
  const { attempted, formRef, submit } = useCheckedForm();
  const words = wizardListWords('rateCodes');
  const data = useMemo(() => packages.map((entry) => ({ value: entry.localId, label: entry.externalId })), [packages]);

  const key = externalIdKey(name);
  let nameError: string | undefined;
  if (key === '') nameError = t('rateCodes.error.idRequired');
  else if (key.length > RATE_CODE_ID_MAX) nameError = t('rateCodes.error.idTooLong');
  else if (items.some((other) => other.localId !== item?.localId && externalIdKey(other.name) === key)) nameError = t('rateCodes.error.idTaken');
  const packagesError = selected.length === 0 ? t('rateCodes.error.packagesRequired') : undefined;

  const dirty = key !== (item ? externalIdKey(item.name) : '') || selected.length !== initialPackages.length || selected.some((localId, index) => localId !== initialPackages[index]);

  const save = () => submit(nameError !== undefined || packagesError !== undefined, () => onSave({ name: key, packages: selected }));

  const { requestClose } = useFormModalGuard({ dirty, discard: () => undefined, save }, onClose);

  return (
    <WizardItemForm formRef={formRef} words={words} missing={missing} name={{ label: t('rateCodes.form.id'), value: name, error: attempted ? nameError : undefined, onChange: setName }} onSave={save} onCancel={requestClose}>
      <MultiSelect
        label={t('rateCodes.form.packages')}
        placeholder={selected.length === 0 ? t('rateCodes.form.packagesPlaceholder') : undefined}
        description={packages.length === 0 ? t('rateCodes.form.noPackages') : undefined}
        required
        searchable
        clearable
        hidePickedOptions
        limit={PACKAGE_OPTIONS_SHOWN}
        maxDropdownHeight={220}
        // typing highlights the first match, so Enter picks it
        selectFirstOptionOnChange
        // the error sits above the field and the list opens below it, never flipping up: it never covers the error
        inputWrapperOrder={['label', 'description', 'error', 'input']}
        comboboxProps={{ position: 'bottom', middlewares: { flip: false, shift: true } }}
        nothingFoundMessage={t('inputs.select.nothingFound')}
        data={data}
        value={selected}
        error={attempted ? packagesError : undefined}
        onChange={setSelected}
      />
    </WizardItemForm>
  );
}
