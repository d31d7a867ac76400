import { useState } from 'react';
import { Alert, Button, CopyButton, Group, Paper, Stack, Text } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { describeError, isApiError, useConnectivity } from '../../../api';
import { formatTime, t } from '../../../i18n';
import { AppModal } from '../../../ui';
import { requestPairingCode, type PairingCode } from '../api/pairing-code';

interface PairingConnection {
  uuid: string;
  name: string;
}

/**
 * Asks the gateway for a pairing code and shows it once: large and monospaced, with a copy button
 * and the time it stops pairing. It lives only in this panel's state: closing the modal forgets it.
 * Only online: offline it says a pairing code needs the gateway.
 */
function PairingCodePanel({ connection, onClose }: { connection: PairingConnection; onClose: () => void }) {
  const { reachable } = useConnectivity();
  const [shown, setShown] = useState<PairingCode | null>(null);
  const mutation = useMutation({
    mutationFn: () => requestPairingCode(connection.uuid),
    retry: false,
    onSuccess: (code) => setShown(code),
    onError: () => setShown(null),
  });
  const offline = !reachable || (mutation.isError && isApiError(mutation.error) && mutation.error.network);

  return (
    <Stack gap="md">
      <Text size="sm">{t('pairing.intro')}</Text>
      {offline ? (
        <Alert color="yellow" role="alert">
          {t('pairing.offline')}
        </Alert>
      ) : (
        mutation.isError && (
          // spec section 8: errors of the PMS API are labelled 'Error Message'
          <Alert color="red" role="alert" title={t('pms.errorMessage')}>
            {describeError(mutation.error)}
          </Alert>
        )
      )}
      {shown && (
        <Paper withBorder p="md" role="group" aria-label={t('pairing.code')}>
          <Stack gap="xs" align="center">
            <Text ff="monospace" fz={36} fw={700} lts={4} data-testid="pairing-code">
              {shown.code}
            </Text>
            <Text size="sm">{t('pairing.validUntil', { time: formatTime(shown.expiresAt) })}</Text>
            <CopyButton value={shown.code}>
              {({ copied, copy }) => (
                <Button size="xs" variant="light" color={copied ? 'teal' : undefined} onClick={copy}>
                  {copied ? t('pairing.copied') : t('pairing.copy')}
                </Button>
              )}
            </CopyButton>
            <Text size="xs" c="dimmed" ta="center">
              {t('pairing.shownOnce')}
            </Text>
          </Stack>
        </Paper>
      )}
      <Group justify="flex-end">
        <Button variant="default" onClick={onClose}>
          {t('pairing.close')}
        </Button>
        <Button data-autofocus loading={mutation.isPending} disabled={!reachable} onClick={() => mutation.mutate()}>
          {shown ? t('pairing.requestAgain') : t('pairing.request')}
        </Button>
      </Group>
    </Stack>
  );
}

/**
 * The pairing code of an OPERA IFC8 XML AGENT connection (spec section 7, "PMS"), in a modal open
 * while `connection` is set. Each opening starts without a code: a code is shown once.
 */
export function PairingCodeModal({ connection, onClose }: { connection: PairingConnection | null; onClose: () => void }) {
  return (
    <AppModal opened={connection !== null} onClose={onClose} title={connection ? t('pairing.title', { name: connection.name }) : t('pairing.action')} size={450}>
      {connection && <PairingCodePanel key={connection.uuid} connection={connection} onClose={onClose} />}
    </AppModal>
  );
}
