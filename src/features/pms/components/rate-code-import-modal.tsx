import { useEffect, useId, useRef, useState, type Ref } from 'react';
import { Link } from 'react-router-dom';
import { Alert, Anchor, Button, FileInput, Group, List, Loader, Stack, Text, Title } from '@mantine/core';
import { rateCodeImportResultSchema, type ImportPreview, type PreviewRow, type RateCodeImportResult } from '../../../domain';
import { SUMMARY_CHANGES, SUMMARY_NAMES, type ChangeSummary } from '../../../domain/change-summary';
import { describeError, parseAnswer, request, useConnectivity, useSession } from '../../../api';
import { formatNumber, t } from '../../../i18n';
import { enqueue } from '../../../offline';
import { previewCsvImportInWorker } from '../../../offline/worker-jobs';
import { AppModal, StaticTable } from '../../../ui';
import type { CsvImportCurrent } from '../../../../worker/jobs';

/** How many records of each kind a checked file's preview lists (IMPORT_PREVIEW_FIRST of the worker's). */
export const IMPORT_PREVIEW_ROWS = 5;

export type CsvImportKind = 'rate-codes' | 'packages';

export interface RateCodeImportModalProps {
  opened: boolean;
  onClose: () => void;
  /** rate codes (the default) or packages */
  kind?: CsvImportKind;
  /** the hotel whose list the file becomes */
  target: { org: string; hotel: string };
  /** what the hotel holds now (its rate codes with package IDs, its live packages), asked for when a file is chosen: the file is compared with it */
  current: () => CsvImportCurrent | Promise<CsvImportCurrent>;
  /** the gateway imported the file */
  onImported: () => void;
}

/**
 * Import rate codes or packages from a CSV (spec sections 2, 5 and 8): the file becomes the hotel's
 * list, matched by ID. Before anything is sent, the worker reads the file and compares it with what
 * the hotel holds now, and the modal previews it: how many records will be added, changed, removed
 * and kept, the first of each, and every problem by line. Upload is offered only for a file without
 * problems; it first asks, in those numbers, to apply the import. The gateway's own message says
 * what it made of the file. Offline (issue 20), the confirmed import waits in the outbox like any
 * change, the file's bytes with it: sent alone when the gateway answers again, its answer on the
 * Sync page (src/offline/drain.ts, "Uploads").
 */
export function RateCodeImportModal({ opened, onClose, kind = 'rate-codes', target, current, onImported }: RateCodeImportModalProps) {
  return (
    <AppModal opened={opened} onClose={onClose} title={t(kind === 'packages' ? 'packages.importModal.title' : 'rateCodes.importModal.title')} size={640}>
      {opened && <ImportBody kind={kind} target={target} current={current} onImported={onImported} onClose={onClose} />}
    </AppModal>
  );
}

type Check = { status: 'idle' } | { status: 'checking' } | { status: 'checked'; result: ImportPreview } | { status: 'unreadable' };
type Upload =
  | { status: 'idle' }
  | { status: 'uploading' }
  | { status: 'answered'; answer: RateCodeImportResult }
  | { status: 'failed'; message: string }
  /** offline: the confirmed import waits in the outbox */
  | { status: 'queued' };

/** The gateway route a file of this kind is imported through. */
export const importPath = (kind: CsvImportKind, target: { org: string; hotel: string }) =>
  `/organization/${encodeURIComponent(target.org)}/hotel/${encodeURIComponent(target.hotel)}/${kind === 'packages' ? 'pms-package' : 'pms-rate-code'}/import`;

/** The outbox's kind of record for a queued import (the hotel is its record: its later changes wait behind it). */
export const IMPORT_COLLECTION: Record<CsvImportKind, string> = { 'rate-codes': 'pms-rate-code-import', packages: 'pms-package-import' };

/** What the Sync page says a queued import carries: the preview's counts and first IDs. */
export function importSummary(kind: CsvImportKind, preview: ImportPreview): ChangeSummary {
  const list = kind === 'packages' ? 'packages' : 'rateCodes';
  return {
    items: SUMMARY_CHANGES.filter((change) => preview.counts[change] > 0).map((change) => ({
      list,
      change,
      count: preview.counts[change],
      names: preview.first[change].slice(0, SUMMARY_NAMES).map((row) => row.id),
    })),
    fields: [],
  };
}

const isCsvName = (name: string) => /\.csv$/i.test(name.trim());

function ImportBody({ kind, target, current, onImported, onClose }: Omit<RateCodeImportModalProps, 'opened' | 'kind'> & { kind: CsvImportKind }) {
  const { reachable } = useConnectivity();
  const userUuid = useSession()?.uuid ?? null;
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
    Promise.resolve()
      .then(current)
      .then((held) => previewCsvImportInWorker(kind, next, held))
      .then(
        (result) => {
          if (latest.current === run) setCheck({ status: 'checked', result });
        },
        () => {
          if (latest.current === run) setCheck({ status: 'unreadable' });
        },
      );
  }

  /** Upload: first the question naming what the import will do; only its answer sends the file. */
  function ask() {
    setConfirming(true);
  }

  async function send() {
    if (file === null || check.status !== 'checked' || !check.result.ok) return;
    setConfirming(false);
    setUpload({ status: 'uploading' });
    if (!reachable && userUuid !== null) {
      // offline: the file waits in the outbox with the change, sent when the gateway answers again
      try {
        await enqueue({
          method: 'POST',
          path: importPath(kind, target),
          userUuid,
          orgUuid: target.org,
          label: t(kind === 'packages' ? 'csvImport.queuedLabel.packages' : 'csvImport.queuedLabel.rateCodes', { file: file.name }),
          recordUuid: target.hotel,
          collection: IMPORT_COLLECTION[kind],
          summary: importSummary(kind, check.result),
          file: { name: file.name, type: file.type, bytes: new Uint8Array(await file.arrayBuffer()) },
        });
        setUpload({ status: 'queued' });
      } catch {
        setUpload({ status: 'failed', message: t('rateCodes.importModal.readFailed') });
      }
      return;
    }
    try {
      const body = new FormData();
      body.append('file', file, file.name);
      const answer = parseAnswer(rateCodeImportResultSchema, await request(importPath(kind, target), { method: 'POST', body }));
      setUpload({ status: 'answered', answer });
      if (answer.succeed) onImported();
    } catch (error) {
      setUpload({ status: 'failed', message: describeError(error) });
    }
  }

  const result = check.status === 'checked' ? check.result : null;
  const uploading = upload.status === 'uploading';
  const imported = (upload.status === 'answered' && upload.answer.succeed) || upload.status === 'queued';
  const canUpload = result?.ok === true && (reachable || userUuid !== null) && !uploading && !imported;

  return (
    <Stack gap="md">
      <Alert color="yellow" variant="light" role="note">
        {kind === 'packages' ? (
          t('packages.importModal.override')
        ) : (
          <>
            {t('rateCodes.importModal.diffNote')}{' '}
            {/* where the hotel's packages are edited and saved: the file may name only saved ones */}
            <Anchor component={Link} to={`/organization/${encodeURIComponent(target.org)}/packages?ou=${encodeURIComponent(target.hotel)}`} inherit underline="always">
              {t('rateCodes.importModal.packagesLink')}
            </Anchor>
          </>
        )}
      </Alert>
      <FileInput
        data-autofocus
        label={t('rateCodes.importModal.file')}
        description={t(kind === 'packages' ? 'packages.importModal.fileDescription' : 'rateCodes.importModal.fileDescription')}
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
      {result?.ok && !reachable && upload.status !== 'queued' && (
        <Alert color="yellow" role="alert">
          {t('csvImport.offline')}
        </Alert>
      )}
      {upload.status === 'queued' && (
        <Alert color="blue" role="alert" title={t('csvImport.queuedTitle')}>
          {t('csvImport.queued')}{' '}
          <Anchor component={Link} to="/sync" inherit underline="always">
            {t('csvImport.queuedLink')}
          </Anchor>
        </Alert>
      )}
      {upload.status === 'answered' && (
        <Alert color={upload.answer.succeed ? 'green' : 'red'} role="alert" title={upload.answer.succeed ? t(kind === 'packages' ? 'packages.importModal.succeeded' : 'rateCodes.importModal.succeeded') : t('rateCodes.importModal.refused')}>
          <span style={{ whiteSpace: 'pre-line' }}>{upload.answer.message}</span>
        </Alert>
      )}
      {upload.status === 'failed' && (
        <Alert color="red" role="alert" title={t('rateCodes.importModal.requestFailed')}>
          {upload.message}
        </Alert>
      )}
      {confirming && result !== null ? (
        <ApplyQuestion counts={result.counts} backRef={backRef} onBack={() => setConfirming(false)} onApply={() => void send()} />
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

/** The question before the file is sent, in numbers; Back returns to the preview, only Import sends it. */
function ApplyQuestion({ counts, backRef, onBack, onApply }: { counts: ImportPreview['counts']; backRef: Ref<HTMLButtonElement>; onBack: () => void; onApply: () => void }) {
  const titleId = useId();
  const textId = useId();
  return (
    <Stack gap="sm" role="group" aria-labelledby={titleId} aria-describedby={textId} p="sm" bd="1px solid var(--mantine-color-red-7)" style={{ borderRadius: 'var(--mantine-radius-md)' }}>
      <Title order={3} fz="h5" id={titleId}>
        {t('csvImport.confirmTitle')}
      </Title>
      <Text size="sm" id={textId}>
        {t('csvImport.confirmText', { added: formatNumber(counts.added), changed: formatNumber(counts.changed), removed: formatNumber(counts.removed), kept: formatNumber(counts.kept) })}
      </Text>
      <Group justify="flex-end">
        <Button ref={backRef} variant="default" onClick={onBack}>
          {t('rateCodes.importModal.confirmBack')}
        </Button>
        <Button color="red" onClick={onApply}>
          {t('csvImport.confirmApply')}
        </Button>
      </Group>
    </Stack>
  );
}

const KINDS = ['added', 'changed', 'removed', 'kept'] as const;

/** What the import will do: counts, the first records of each kind (now and in the file), and every problem by line. */
function Preview({ result }: { result: ImportPreview }) {
  const problemsId = useId();
  const counts: [string, number][] = [...KINDS.map((kind): [string, number] => [t(`csvImport.count.${kind}`), result.counts[kind]]), [t('csvImport.count.problems'), result.counts.problems]];
  return (
    <Stack gap="sm">
      <dl aria-label={t('csvImport.counts')} style={{ display: 'grid', gridTemplateColumns: 'repeat(5, 1fr)', gap: 'var(--mantine-spacing-xs)', margin: 0 }}>
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
      {KINDS.filter((kind) => kind !== 'kept' && result.first[kind].length > 0).map((kind) => (
        <StaticTable<PreviewRow>
          key={kind}
          label={t(`csvImport.count.${kind}`)}
          caption={t('csvImport.first', { what: t(`csvImport.count.${kind}`), shown: formatNumber(result.first[kind].length), total: formatNumber(result.counts[kind]) })}
          rows={result.first[kind]}
          rowKey={(row) => row.id}
          columns={[
            { key: 'id', header: t('csvImport.column.id'), cell: (row) => row.id },
            ...(kind === 'added' ? [] : [{ key: 'before', header: t('csvImport.column.before'), cell: (row: PreviewRow) => row.before ?? '' }]),
            ...(kind === 'removed' ? [] : [{ key: 'after', header: t('csvImport.column.after'), cell: (row: PreviewRow) => row.after ?? '' }]),
          ]}
        />
      ))}
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
