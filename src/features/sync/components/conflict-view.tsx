import { useMemo, useState } from 'react';
import { Button, Group, Radio, Stack, Table, Text } from '@mantine/core';
import { conflictFields, resolveFields, type ConflictSide } from '../../../domain';
import { t } from '../../../i18n';
import { discardEntry, resolveConflict, type OutboxEntry } from '../../../offline';

const show = (value: unknown) => (value === undefined ? '—' : typeof value === 'string' ? value : JSON.stringify(value));

interface ConflictViewProps {
  entry: OutboxEntry;
  onDone: () => void;
}

/** Mine / Theirs / Original per field for a change the gateway answered 412; the choice is re-sent over their version. */
export function ConflictView({ entry, onDone }: ConflictViewProps) {
  const theirs = entry.theirs as { version?: unknown } | null;
  const version = typeof theirs?.version === 'number' ? theirs.version : null;
  const fields = useMemo(() => conflictFields(entry.body, entry.theirs, entry.original), [entry]);
  const [choices, setChoices] = useState<Record<string, ConflictSide>>({});
  const [busy, setBusy] = useState(false);

  const finish = async (work: () => Promise<void>) => {
    setBusy(true);
    try {
      await work();
      onDone();
    } finally {
      setBusy(false);
    }
  };

  if (entry.method === 'DELETE') {
    return (
      <Stack gap="md">
        <Text>{t('conflict.deleteIntro')}</Text>
        <Group justify="flex-end">
          <Button variant="default" disabled={busy} onClick={() => void finish(() => discardEntry(entry.seq))}>
            {t('conflict.keepTheirs')}
          </Button>
          <Button color="red" disabled={busy || version === null} onClick={() => void finish(() => resolveConflict(entry.seq, null, version ?? 0))}>
            {t('conflict.deleteAnyway')}
          </Button>
        </Group>
      </Stack>
    );
  }

  return (
    <Stack gap="md">
      <Text size="sm">{t('conflict.intro')}</Text>
      <Table withTableBorder aria-label={t('conflict.title')}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('conflict.field')}</Table.Th>
            <Table.Th>{t('conflict.mine')}</Table.Th>
            <Table.Th>{t('conflict.theirs')}</Table.Th>
            <Table.Th>{t('conflict.original')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {fields.map((field) => {
            const chosen = choices[field.field] ?? field.proposed;
            return (
              <Table.Tr key={field.field} bg={field.contested ? 'yellow.0' : undefined}>
                <Table.Td fw={600}>{field.field}</Table.Td>
                {(['mine', 'theirs', 'original'] as const).map((side) => (
                  <Table.Td key={side}>
                    <Radio
                      name={`conflict-${field.field}`}
                      value={side}
                      checked={chosen === side}
                      onChange={() => setChoices((prev) => ({ ...prev, [field.field]: side }))}
                      label={show(field[side])}
                      aria-label={`${field.field}: ${t(`conflict.${side}`)} ${show(field[side])}`}
                    />
                  </Table.Td>
                ))}
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
      <Group justify="flex-end">
        <Button variant="default" disabled={busy} onClick={() => void finish(() => discardEntry(entry.seq))}>
          {t('conflict.keepTheirs')}
        </Button>
        <Button disabled={busy || version === null} onClick={() => void finish(() => resolveConflict(entry.seq, resolveFields(fields, choices, entry.body), version ?? 0))}>
          {t('conflict.apply')}
        </Button>
      </Group>
    </Stack>
  );
}
