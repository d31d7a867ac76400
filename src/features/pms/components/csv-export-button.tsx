import { useState } from 'react';
import { Button, Stack, Text } from '@mantine/core';
import { apiBaseUrl, apiClient, describeError, gatewayFetch } from '../../../api';
import { hotelCsvFileName } from '../../../domain';
import { t, type MessageKey } from '../../../i18n';
import { dispositionFileName, saveDownload } from '../../../ui';

type Outcome = { status: 'idle' | 'working' } | { status: 'offline' } | { status: 'failed'; message: string };

export interface CsvExportButtonProps {
  kind: 'rate-codes' | 'packages';
  label: MessageKey;
  /** the saved hotel the gateway exports; null (a hotel not created yet): the list on this device */
  target: { org: string; hotel: string } | null;
  /** the file made from the list on this device, when the gateway cannot be reached */
  local: () => string;
}

/**
 * Export as CSV: the gateway's file (…/export, the name it gives), or, when the gateway cannot be
 * reached (offline), the same format made from the list this device holds, said so.
 */
export function CsvExportButton({ kind, label, target, local }: CsvExportButtonProps) {
  const [outcome, setOutcome] = useState<Outcome>({ status: 'idle' });

  function fromDevice() {
    saveDownload(new Blob([local()], { type: 'text/csv;charset=utf-8' }), hotelCsvFileName(kind, 'hotel', new Date()));
  }

  async function run() {
    setOutcome({ status: 'working' });
    if (target === null) {
      fromDevice();
      setOutcome({ status: 'idle' });
      return;
    }
    const path = `/organization/${encodeURIComponent(target.org)}/hotel/${encodeURIComponent(target.hotel)}/${kind === 'packages' ? 'pms-package' : 'pms-rate-code'}/export`;
    let response: Response;
    try {
      const send = async (token: string | null) => gatewayFetch(`${apiBaseUrl()}${path}`, { headers: token ? { Authorization: `Bearer ${token}`, Accept: 'text/csv' } : {}, cache: 'no-store' });
      response = await send(await apiClient.token());
      if (response.status === 401) response = await send(await apiClient.refreshToken());
    } catch {
      // no answer at all: the list on this device
      fromDevice();
      setOutcome({ status: 'offline' });
      return;
    }
    if (!response.ok) {
      const body = (await response.json().catch(() => null)) as { errors?: { message?: string }[] } | null;
      setOutcome({ status: 'failed', message: body?.errors?.map((error) => error.message).join(', ') || describeError(new Error(String(response.status))) });
      return;
    }
    saveDownload(await response.blob(), dispositionFileName(response.headers.get('Content-Disposition')) ?? hotelCsvFileName(kind, 'hotel', new Date()));
    setOutcome({ status: 'idle' });
  }

  return (
    <Stack gap={4}>
      <Button variant="light" loading={outcome.status === 'working'} onClick={() => void run()}>
        {t(label)}
      </Button>
      <div role="status">
        {outcome.status === 'offline' && (
          <Text size="xs" c="dimmed">
            {t('csvImport.exportedOffline')}
          </Text>
        )}
        {outcome.status === 'failed' && (
          <Text size="xs" c="red.9">
            {t('csvImport.exportFailed', { message: outcome.message })}
          </Text>
        )}
      </div>
    </Stack>
  );
}
