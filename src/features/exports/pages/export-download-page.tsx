import { useEffect, useRef } from 'react';
import { Link, useParams } from 'react-router-dom';
import { Alert, Anchor, Button, Stack, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { apiBaseUrl, apiClient, gatewayFetch, useSession } from '../../../api';
import { t } from '../../../i18n';
import { dispositionFileName, PageLoader, saveDownload, usePageTitle } from '../../../ui';

export const exportDownloadPath = (job: string) => `/reporting/v1/reporting/exports/${job}/download`;

type Download = { kind: 'file'; blob: Blob; name: string } | { kind: 'notReady' | 'expired' | 'forbidden' | 'notFound' } | { kind: 'failed'; message: string };

/** The file name a Content-Disposition names (filename* first), else one made from the job. */
export function fileNameOf(disposition: string | null, job: string): string {
  return dispositionFileName(disposition) ?? `transactions-${job}.csv`;
}

/**
 * The download with the signed-in session: the app client's live token (refreshed when expired;
 * once more after a 401), never cached by the service worker (no user header), read whole as a blob.
 */
async function fetchDownload(job: string, signal: AbortSignal): Promise<Download> {
  const send = async (token: string | null) =>
    gatewayFetch(`${apiBaseUrl()}${exportDownloadPath(job)}`, { headers: token ? { Authorization: `Bearer ${token}`, Accept: 'text/csv' } : {}, signal, cache: 'no-store' });
  let response = await send(await apiClient.token());
  if (response.status === 401) response = await send(await apiClient.refreshToken());
  if (response.ok) return { kind: 'file', blob: await response.blob(), name: fileNameOf(response.headers.get('Content-Disposition'), job) };
  if (response.status === 409) return { kind: 'notReady' };
  if (response.status === 410) return { kind: 'expired' };
  if (response.status === 403 || response.status === 401) return { kind: 'forbidden' };
  if (response.status === 404) return { kind: 'notFound' };
  const body = (await response.json().catch(() => null)) as { errors?: { message?: string }[] } | null;
  return { kind: 'failed', message: body?.errors?.map((error) => error.message).join(', ') || String(response.status) };
}

/**
 * /exports/:jobUuid, where the mailed link of an export leads (issue 18): the file is fetched with
 * the session (a signed-out visitor signs in first and comes back) and saved under the name the
 * gateway gives. Not ready yet (409), expired (410) or not the user's to see (403) is said plainly.
 */
export function ExportDownloadPage() {
  const { jobUuid = '' } = useParams();
  const session = useSession();
  usePageTitle(t('exports.title'));
  const query = useQuery({
    queryKey: ['export-download', session?.uuid ?? null, jobUuid] as const,
    queryFn: ({ signal }) => fetchDownload(jobUuid, signal),
    enabled: session !== null && jobUuid !== '',
    staleTime: Infinity,
    gcTime: 0,
    retry: false,
    refetchOnWindowFocus: false,
  });
  const saved = useRef<Blob | null>(null);
  const result = query.data;
  useEffect(() => {
    if (result?.kind === 'file' && saved.current !== result.blob) {
      saved.current = result.blob;
      saveDownload(result.blob, result.name);
    }
  }, [result]);

  return (
    <Stack gap="lg" maw={640}>
      <Anchor component={Link} to="/organizations" size="sm">
        {t('exports.toOrganizations')}
      </Anchor>
      <Title order={1} fz="h2">
        {t('exports.title')}
      </Title>
      {(query.isPending || query.isFetching) && <PageLoader label={t('exports.loading')} />}
      {query.isError && (
        <Alert color="red" role="alert">
          {t('exports.failed', { message: query.error.message })}
        </Alert>
      )}
      {!query.isFetching && result && (
        <>
          {result.kind === 'file' && (
            <Stack gap="sm" align="flex-start">
              <Alert color="green" role="status">
                {t('exports.ready', { file: result.name })}
              </Alert>
              <Button variant="light" onClick={() => saveDownload(result.blob, result.name)}>
                {t('exports.again')}
              </Button>
            </Stack>
          )}
          {result.kind === 'notReady' && (
            <Stack gap="sm" align="flex-start">
              <Alert color="yellow" role="status">
                {t('exports.notReady')}
              </Alert>
              <Button onClick={() => void query.refetch()}>{t('exports.retry')}</Button>
            </Stack>
          )}
          {result.kind === 'expired' && (
            <Alert color="red" role="alert">
              {t('exports.expired')}
            </Alert>
          )}
          {result.kind === 'forbidden' && (
            <Alert color="red" role="alert">
              {t('exports.forbidden')}
            </Alert>
          )}
          {result.kind === 'notFound' && (
            <Alert color="red" role="alert">
              {t('exports.notFound')}
            </Alert>
          )}
          {result.kind === 'failed' && (
            <Alert color="red" role="alert">
              {t('exports.failed', { message: result.message })}
            </Alert>
          )}
        </>
      )}
    </Stack>
  );
}
