import { useState, type FormEvent } from 'react';
import { Alert, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { useConnectivity } from '../../../api';
import { formatDateTime, t } from '../../../i18n';
import { whenSettled } from '../../../offline';
import { AppModal, isEmailAddress, TimeZoneSelect } from '../../../ui';
import { queueExport, type ExportRequest } from '../api/transactions';

/** How long the modal waits for the gateway's answer before saying the export is queued. */
const ANSWER_WAIT_MS = 8_000;

type Sent = { kind: 'sent' | 'queued'; email: string } | { kind: 'refused'; message: string };

interface ExportModalProps {
  opened: boolean;
  onClose: () => void;
  userUuid: string;
  /** the search's range, units and descendants; its email and time zone are asked here */
  scope: Omit<ExportRequest, 'email' | 'timeZone'>;
  /** what the units are called in the intro: the one unit's name, or null for the organization */
  unitName: string | null;
  defaultEmail: string;
  defaultTimeZone: string;
}

/**
 * Export: the current filters' range and units, to an email (the user's by default) with the
 * times in a time zone (the unit's or the organization's by default). The request goes through the
 * outbox; once the gateway took it (202) the modal says the link will come by mail; offline, that
 * it is queued.
 */
export function ExportModal({ opened, onClose, userUuid, scope, unitName, defaultEmail, defaultTimeZone }: ExportModalProps) {
  const [email, setEmail] = useState(defaultEmail);
  const [timeZone, setTimeZone] = useState<string | null>(defaultTimeZone);
  const [tried, setTried] = useState(false);
  const [busy, setBusy] = useState(false);
  const [sent, setSent] = useState<Sent | null>(null);
  const online = useConnectivity().reachable;
  const emailWrong = !isEmailAddress(email.trim());

  const close = () => {
    setSent(null);
    setTried(false);
    onClose();
  };
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setTried(true);
    if (emailWrong || timeZone === null) return;
    setBusy(true);
    const entry = await queueExport(userUuid, { ...scope, email: email.trim(), timeZone });
    const outcome = online ? await whenSettled(entry.seq, ANSWER_WAIT_MS) : { kind: 'unreachable' as const };
    setBusy(false);
    if (outcome.kind === 'refused' || outcome.kind === 'conflict') setSent({ kind: 'refused', message: outcome.entry.errorMessages.join(', ') || outcome.entry.lastError || '' });
    else setSent({ kind: outcome.kind === 'applied' ? 'sent' : 'queued', email: email.trim() });
  };

  return (
    <AppModal opened={opened} onClose={close} size={500} title={t('transactions.export.title')}>
      {sent !== null && sent.kind !== 'refused' ? (
        <Stack gap="md">
          <Alert color={sent.kind === 'sent' ? 'green' : 'yellow'} role="status">
            {t(sent.kind === 'sent' ? 'transactions.export.sent' : 'transactions.export.queued', { email: sent.email })}
          </Alert>
          <Group justify="flex-end">
            <Button onClick={close} data-autofocus>
              {t('transactions.export.close')}
            </Button>
          </Group>
        </Stack>
      ) : (
        <form onSubmit={(event) => void submit(event)} noValidate>
          <Stack gap="md">
            <Text size="sm">
              {t('transactions.export.intro', {
                from: formatDateTime(scope.after),
                to: formatDateTime(scope.before),
                units: unitName ?? t('transactions.export.allUnits'),
              })}
            </Text>
            {sent?.kind === 'refused' && (
              <Alert color="red" role="alert">
                {t('transactions.export.refused', { message: sent.message })}
              </Alert>
            )}
            <TextInput
              data-autofocus
              type="email"
              label={t('transactions.export.email')}
              value={email}
              onChange={(event) => setEmail(event.currentTarget.value)}
              error={tried && emailWrong ? t('transactions.export.emailInvalid') : undefined}
              required
            />
            <TimeZoneSelect label={t('transactions.export.timeZone')} value={timeZone} onChange={setTimeZone} allowDeselect={false} required />
            <Group justify="flex-end">
              <Button variant="default" onClick={close}>
                {t('transactions.export.cancel')}
              </Button>
              <Button type="submit" loading={busy}>
                {t('transactions.export.send')}
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </AppModal>
  );
}
