import { useEffect, useId, useRef, useState, type Ref } from 'react';
import { Link } from 'react-router-dom';
import { Alert, Anchor, Button, FileInput, Group, List, Loader, Stack, Text, Title } from '@mantine/core';
import { rateCodeImportResultSchema, type RateCodeCsvResult, type RateCodeImportResult } from '../../../domain';
import { describeError, parseAnswer, request, useConnectivity } from '../../../api';
import { formatNumber, plural, t } from '../../../i18n';
import { parseRateCodeCsvInWorker } from '../../../offline/worker-jobs';
import { AppModal, StaticTable } from '../../../ui';
import type { PackageRef } from './hotel-items';

/** How many rate codes of a checked file the preview lists. */
export const IMPORT_PREVIEW_ROWS = 10;
/** How many package IDs of one previewed rate code are shown before '…'. */
const PREVIEW_PACKAGES = 12;

export interface RateCodeImportModalProps {
  opened: boolean;
  onClose: () => void;
  /** the hotel whose rate codes the file replaces */
  target: { org: string; hotel: string };
  /** the hotel's live packages: the file may name only these */
  packages: readonly PackageRef[];
  /** how many rate codes the hotel has now (the table's): the file replaces them all */
  replacing: number;
  /** the gateway imported the file */
  onImported: () => void;
}

/**
 * Import rate codes from a CSV (spec sections 2, 5 and 8): the file replaces every rate code of
 * the hotel. Before anything is sent, the worker reads and checks the file against the hotel's
 * packages and the modal previews it: how many rate codes, rows and problems, the first rate codes
 * and every problem by line. Upload is offered only for a file without problems, and only while the
 * gateway answers; when the hotel has rate codes, it first asks, in numbers, to replace them with
 * the file's. The gateway's own message says what it made of the file.
 */
export function RateCodeImportModal({ opened, onClose, target, packages, replacing, onImported }: RateCodeImportModalProps) {
  return (
    <AppModal opened={opened} onClose={onClose} title={t('rateCodes.importModal.title')} size={550}>
      {opened && <ImportBody target={target} packages={packages} replacing={replacing} onImported={onImported} onClose={onClose} />}
    </AppModal>
  );
}

type Check = { status: 'idle' } | { status: 'checking' } | { status: 'checked'; result: RateCodeCsvResult } | { status: 'unreadable' };
type Upload = { status: 'idle' } | { status: 'uploading' } | { status: 'answered'; answer: RateCodeImportResult } | { status: 'failed'; message: string };

const isCsvName = (name: string) => /\.csv$/i.test(name.trim());

function ImportBody({ target, packages, replacing, onImported, onClose }: Omit<RateCodeImportModalProps, 'opened'>) {
  const { reachable } = useConnectivity();
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [check, setCheck] = useState<Check>({ status: 'idle' });
  const [upload, setUpload] = useState<Upload>({ status: 'idle' });
  /** the latest file chosen: a check of an earlier one that ends later is ignored */
  const latest = useRef(0);
  /** asking to replace the hotel's rate codes with the file's (before anything is sent) */
  const [confirming, setConfirming] = useState(false);
  const uploadRef = useRef<HTMLButtonElement>(null);
  const backRef = useRef<HTMLButtonElement>(null);
  // the question takes focus on its safe answer (Enter never replaces by surprise); Back returns it to Upload
  const asked = useRef(false);
  useEffect(() => {
    if (confirming) backRef.current?.focus();
    else if (asked.current) uploadRef.current?.focus();
    asked.current = confirming;
  }, [confirming]);

  function choose(next: File | null) {
    latest.current += 1;
    const run = latest.current;
    setFile(next);
    setUpload({ status: 'idle' });
    setCheck({ status: 'idle' });
    setConfirming(false);
    setFileError(null);
    if (next === null) return;
    if (!isCsvName(next.name)) {
      setFileError(t('rateCodes.importModal.notCsv'));
      return;
    }
    setCheck({ status: 'checking' });
    parseRateCodeCsvInWorker(
      next,
      packages.map((item) => item.externalId),
      IMPORT_PREVIEW_ROWS,
    ).then(
      (result) => {
        if (latest.current === run) setCheck({ status: 'checked', result });
      },
      () => {
        if (latest.current === run) setCheck({ status: 'unreadable' });
      },
    );
  }

  /** Upload: with rate codes to replace, first the question naming the counts. */
  function ask() {
    if (replacing > 0) setConfirming(true);
    else void send();
  }

  async function send() {
    if (file === null || check.status !== 'checked' || !check.result.ok) return;
    setConfirming(false);
    setUpload({ status: 'uploading' });
    try {
      const body = new FormData();
      body.append('file', file, file.name);
      const answer = parseAnswer(
        rateCodeImportResultSchema,
        await request(`/organization/${encodeURIComponent(target.org)}/hotel/${encodeURIComponent(target.hotel)}/pms-rate-code/import`, { method: 'POST', body }),
      );
      setUpload({ status: 'answered', answer });
      if (answer.succeed) onImported();
    } catch (error) {
      setUpload({ status: 'failed', message: describeError(error) });
    }
  }

  const result = check.status === 'checked' ? check.result : null;
  const uploading = upload.status === 'uploading';
  const imported = upload.status === 'answered' && upload.answer.succeed;
  const canUpload = result?.ok === true && reachable && !uploading && !imported;

  return (
    <Stack gap="md">
      <Alert color="yellow" variant="light" role="note">
        {t('rateCodes.importModal.override')}{' '}
        {/* where the hotel's packages are edited and saved: the file may name only saved ones */}
        <Anchor component={Link} to={`/organization/${encodeURIComponent(target.org)}/packages?ou=${encodeURIComponent(target.hotel)}`} inherit underline="always">
          {t('rateCodes.importModal.packagesLink')}
        </Anchor>
      </Alert>
      <FileInput
        data-autofocus
        label={t('rateCodes.importModal.file')}
        description={t('rateCodes.importModal.fileDescription')}
        placeholder={t('rateCodes.importModal.filePlaceholder')}
        accept=".csv,text/csv"
        clearable
        clearButtonProps={{ 'aria-label': t('rateCodes.importModal.clearFile') }}
        value={file}
        error={fileError}
        disabled={uploading}
        onChange={choose}
      />
      <div role="status">
        {check.status === 'checking' && (
          <Group gap="xs">
            <Loader size="sm" aria-hidden />
            <Text size="sm">{t('rateCodes.importModal.checking')}</Text>
          </Group>
        )}
        {uploading && (
          <Group gap="xs">
            <Loader size="sm" aria-hidden />
            <Text size="sm">{t('rateCodes.importModal.uploading')}</Text>
          </Group>
        )}
      </div>
      {check.status === 'unreadable' && (
        <Alert color="red" role="alert">
          {t('rateCodes.importModal.readFailed')}
        </Alert>
      )}
      {result && <Preview result={result} />}
      {result?.ok && !reachable && (
        <Alert color="yellow" role="alert">
          {t('rateCodes.importModal.offline')}
        </Alert>
      )}
      {upload.status === 'answered' && (
        <Alert color={upload.answer.succeed ? 'green' : 'red'} role="alert" title={upload.answer.succeed ? t('rateCodes.importModal.succeeded') : t('rateCodes.importModal.refused')}>
          {upload.answer.message}
        </Alert>
      )}
      {upload.status === 'failed' && (
        <Alert color="red" role="alert" title={t('rateCodes.importModal.requestFailed')}>
          {upload.message}
        </Alert>
      )}
      {confirming && result !== null ? (
        <ReplaceQuestion replacing={replacing} incoming={result.counts.rateCodes} backRef={backRef} onBack={() => setConfirming(false)} onReplace={() => void send()} />
      ) : (
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('rateCodes.importModal.close')}
          </Button>
          {!imported && (
            <Button ref={uploadRef} onClick={ask} disabled={!canUpload} loading={uploading}>
              {t('rateCodes.importModal.upload')}
            </Button>
          )}
        </Group>
      )}
    </Stack>
  );
}

/**
 * The question before a file replaces the hotel's rate codes, in numbers: the hotel's codes now and
 * the file's. Back returns to the preview; only Replace sends the file.
 */
function ReplaceQuestion({ replacing, incoming, backRef, onBack, onReplace }: { replacing: number; incoming: number; backRef: Ref<HTMLButtonElement>; onBack: () => void; onReplace: () => void }) {
  const titleId = useId();
  const textId = useId();
  return (
    <Stack gap="sm" role="group" aria-labelledby={titleId} aria-describedby={textId} p="sm" bd="1px solid var(--mantine-color-red-7)" style={{ borderRadius: 'var(--mantine-radius-md)' }}>
      <Title order={3} fz="h5" id={titleId}>
        {t('rateCodes.importModal.confirmTitle')}
      </Title>
      <Text size="sm" id={textId}>
        {t('rateCodes.importModal.confirmText', { current: plural('rateCodes.importModal.codes', replacing), file: plural('rateCodes.importModal.codes', incoming) })}
      </Text>
      <Group justify="flex-end">
        <Button ref={backRef} variant="default" onClick={onBack}>
          {t('rateCodes.importModal.confirmBack')}
        </Button>
        <Button color="red" onClick={onReplace}>
          {t('rateCodes.importModal.confirmReplace', { current: plural('rateCodes.importModal.codes', replacing) })}
        </Button>
      </Group>
    </Stack>
  );
}

/** What the check found: counts, the first rate codes with their packages, and every problem by line. */
function Preview({ result }: { result: RateCodeCsvResult }) {
  const problemsId = useId();
  const shown = result.rateCodes.slice(0, IMPORT_PREVIEW_ROWS);
  const counts: [string, number][] = [
    [t('rateCodes.importModal.count.rateCodes'), result.counts.rateCodes],
    [t('rateCodes.importModal.count.rows'), result.counts.rows],
    [t('rateCodes.importModal.count.problems'), result.counts.problems],
  ];
  return (
    <Stack gap="sm">
      <dl aria-label={t('rateCodes.importModal.counts')} style={{ display: 'grid', gridTemplateColumns: 'repeat(3, 1fr)', gap: 'var(--mantine-spacing-xs)', margin: 0 }}>
        {counts.map(([label, value]) => (
          <div key={label}>
            <Text component="dt" size="xs" c="dimmed">
              {label}
            </Text>
            <Text component="dd" fw={600} m={0}>
              {formatNumber(value)}
            </Text>
          </div>
        ))}
      </dl>
      {result.ok ? (
        <Text size="sm" fw={600}>
          {t('rateCodes.importModal.valid')}
        </Text>
      ) : (
        <Text size="sm" fw={600} c="red.9">
          {t('rateCodes.importModal.invalid')}
        </Text>
      )}
      {shown.length > 0 && (
        <StaticTable
          label={t('rateCodes.importModal.previewLabel')}
          caption={t('rateCodes.importModal.preview', { shown: formatNumber(shown.length), total: formatNumber(result.counts.rateCodes) })}
          rows={shown}
          rowKey={(code) => code.name}
          columns={[
            { key: 'code', header: t('rateCodes.importModal.column.code'), cell: (code) => code.name },
            {
              key: 'packages',
              header: t('rateCodes.importModal.column.packages'),
              cell: (code) => (
                <>
                  {code.packageExternalIds.slice(0, PREVIEW_PACKAGES).join(', ')}
                  {code.packageExternalIds.length > PREVIEW_PACKAGES ? ', …' : ''}
                </>
              ),
            },
          ]}
        />
      )}
      {result.problems.length > 0 && (
        <Stack gap={4}>
          <Text size="sm" fw={600} id={problemsId}>
            {t('rateCodes.importModal.problems')}
          </Text>
          <List size="sm" aria-labelledby={problemsId}>
            {result.problems.map((problem, index) => (
              <List.Item key={`${problem.line}-${index}`}>{problem.message}</List.Item>
            ))}
          </List>
        </Stack>
      )}
    </Stack>
  );
}
