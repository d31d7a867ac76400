import { useMemo, useState } from 'react';
import { Button, Group, Radio, Stack, Table, Text } from '@mantine/core';
import { conflictFields, resolveFields, type ConflictSide } from '../../../domain';
import { t } from '../../../i18n';
import { discardEntry, resolveConflict, whenSettled, type OutboxEntry, type SendOutcome } from '../../../offline';
import { notify, recordFieldLabel, recordValueLabel, TableFrame, type NoticeTone } from '../../../ui';

/** How long after sending a choice the view waits for the gateway's verdict before saying it is still on its way. */
export const RESOLVE_VERDICT_WAIT_MS = 1_500;

const SIDES: readonly ConflictSide[] = ['mine', 'theirs', 'original'];

/** What the notice says once a choice was sent, by what became of it. */
function resolvedNotice(outcome: SendOutcome): { text: string; tone: NoticeTone } {
  switch (outcome.kind) {
    case 'applied':
      return { text: t('conflict.resolvedSaved'), tone: 'done' };
    case 'unreachable':
      return { text: t('conflict.resolvedQueued'), tone: 'waiting' };
    case 'waiting':
      return { text: t('conflict.resolvedWaiting'), tone: 'waiting' };
    case 'conflict':
      return { text: t('conflict.resolvedAgain'), tone: 'attention' };
    case 'refused':
      return { text: t('conflict.resolvedRefused', { message: outcome.entry.lastError ?? t('errors.requestFailed', { status: outcome.entry.lastStatus ?? 500 }) }), tone: 'problem' };
  }
}

interface ConflictViewProps {
  entry: OutboxEntry;
  /** the operator chose: the view's modal closes */
  onDone: () => void;
}

/**
 * Mine / Theirs / Original per field for a change the gateway answered 412, each field by its
 * form label and each value in the operator's words (enum labels, not codes); the choice is re-sent
 * over their version, and a notice says what became of it. The three columns share the width and
 * long values wrap, so each stays readable in the 700 px modal.
 */
export function ConflictView({ entry, onDone }: ConflictViewProps) {
  const theirs = entry.theirs as { version?: unknown } | null;
  const version = typeof theirs?.version === 'number' ? theirs.version : null;
  const fields = useMemo(() => conflictFields(entry.body, entry.theirs, entry.original), [entry]);
  const [choices, setChoices] = useState<Record<string, ConflictSide>>({});
  const [busy, setBusy] = useState(false);

  const finish = async (work: () => Promise<void>, afterwards: () => void) => {
    setBusy(true);
    try {
      await work();
      onDone();
      afterwards();
    } finally {
      setBusy(false);
    }
  };

  const keepTheirs = () => void finish(() => discardEntry(entry.seq), () => notify(t('conflict.keptTheirs')));
  const send = (body: unknown) =>
    void finish(
      () => resolveConflict(entry.seq, body, version ?? 0),
      () =>
        void whenSettled(entry.seq, RESOLVE_VERDICT_WAIT_MS).then((outcome) => {
          const { text, tone } = resolvedNotice(outcome);
          notify(text, tone);
        }),
    );

  if (entry.method === 'DELETE') {
    return (
      <Stack gap="md">
        <Text>{t('conflict.deleteIntro')}</Text>
        <Group justify="flex-end">
          <Button variant="default" disabled={busy} onClick={keepTheirs} data-autofocus>
            {t('conflict.keepTheirs')}
          </Button>
          <Button color="red" disabled={busy || version === null} onClick={() => send(null)}>
            {t('conflict.deleteAnyway')}
          </Button>
        </Group>
      </Stack>
    );
  }

  return (
    <Stack gap="md">
      <Text size="sm">{t('conflict.intro')}</Text>
      <TableFrame label={t('conflict.title')}>
        <Table withTableBorder layout="fixed" aria-label={t('conflict.title')}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th w="22%">{t('conflict.field')}</Table.Th>
              {SIDES.map((side) => (
                <Table.Th key={side} w="26%">
                  {t(`conflict.${side}`)}
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {fields.map((field, index) => {
              const chosen = choices[field.field] ?? field.proposed;
              const label = recordFieldLabel(entry.collection, field.field);
              return (
                <Table.Tr key={field.field} bg={field.contested ? 'yellow.0' : undefined}>
                  <Table.Th scope="row" fw={600} style={{ overflowWrap: 'anywhere' }}>
                    {label}
                  </Table.Th>
                  {SIDES.map((side) => {
                    const value = recordValueLabel(entry.collection, field.field, field[side]);
                    return (
                      <Table.Td key={side} style={{ overflowWrap: 'anywhere' }}>
                        <Radio
                          name={`conflict-${field.field}`}
                          value={side}
                          checked={chosen === side}
                          onChange={() => setChoices((prev) => ({ ...prev, [field.field]: side }))}
                          label={value}
                          aria-label={t('conflict.choice', { field: label, side: t(`conflict.${side}`), value })}
                          // the dialog opens on the first field's proposed choice
                          data-autofocus={index === 0 && chosen === side ? true : undefined}
                        />
                      </Table.Td>
                    );
                  })}
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      </TableFrame>
      <Group justify="flex-end">
        <Button variant="default" disabled={busy} onClick={keepTheirs}>
          {t('conflict.keepTheirs')}
        </Button>
        <Button disabled={busy || version === null} onClick={() => send(resolveFields(fields, choices, entry.body))}>
          {t('conflict.apply')}
        </Button>
      </Group>
    </Stack>
  );
}
