import { useCallback, useMemo, useRef, useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { Alert, Anchor, Button, Group, Stack, Text, Title } from '@mantine/core';
import { CONTRACT_KIND, type Contract } from '../../../domain';
import { describeError, isApiError, isForbiddenError, useSession } from '../../../api';
import { formatDate, t } from '../../../i18n';
import { useDraftList } from '../../../offline';
import { type ResourceRow } from '../../../offline/resource';
import {
  DataTable,
  FailedRemovals,
  ForbiddenRedirect,
  FormModal,
  OfflineNotice,
  PageLoader,
  QueuedRowName,
  RemoveOrUndoButton,
  usePageTitle,
  useQueuedRemoval,
  useReopenLatestDraft,
  type DataTableColumn,
} from '../../../ui';
import type { RemovalTexts } from '../../../ui/save-outcome';
import { contracts } from '../api/units';
import { ContractForm, contractStatusLabel } from '../components/contract-form';

type ContractRow = ResourceRow<Contract>;
type Editing = { record: Contract | null } | null;

/** Why the list could not be shown: its alert's title and text. */
function loadFailure(error: unknown): { title: string; text: string; notFound: boolean } {
  // only organization setup may see the contracts (the gateway decides)
  if (isApiError(error) && error.status === 404) return { title: t('contract.notFoundTitle'), text: t('contract.notFound'), notFound: true };
  return { title: t('contract.errorMessage'), text: describeError(error), notFound: false };
}

/** The words of a contract removal's outcomes. */
const removalTexts = (reference: string): RemovalTexts => ({
  removed: t('contract.removed', { reference }),
  queued: t('contract.removeQueued', { reference }),
  waiting: t('contract.removeWaiting', { reference }),
  refused: (message) => t('contract.removeRefused', { reference, message }),
  fallback: t('contract.deleteFailedDefault'),
  conflict: t('contract.removeConflict', { reference }),
});

/**
 * /organization/:uuid/contract (spec section 2, "Contract"): the organization's customer contracts,
 * the newest first, with a form to add and edit them. Only organization setup may use it; others
 * read the gateway's 403 in the catalogue's words. Changes go through the outbox: a queued one is
 * marked as waiting, and a removal asks first, then waits struck through, with Undo, until the
 * gateway has done it.
 */
export function ContractPage() {
  const { uuid: org = '' } = useParams();
  usePageTitle(t('contract.title'));
  const session = useSession();
  const userUuid = session?.uuid ?? null;
  const { query, rows, failedDeletes, markUndone } = contracts.useRows(org);
  const drafts = useDraftList(userUuid, org, CONTRACT_KIND);
  const [editing, setEditing] = useState<Editing>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  /** the references a contract's reference must differ from: those not on their way out */
  const others = useMemo(() => (rows ?? []).filter((row) => row.removal === null), [rows]);

  // Unsaved work comes back: when the page opens (after a reload, say), the latest draft's form opens again.
  const reopen = useCallback((record: ContractRow | null) => setEditing({ record }), []);
  useReopenLatestDraft(rows, drafts, reopen, { busy: editing !== null });

  const { remove, undo: undoRemoval } = useQueuedRemoval<ContractRow>({
    queue: (row) => (userUuid ? contracts.queueDelete(org, userUuid, row) : null),
    confirm: (row) => ({
      title: t('contract.removeTitle'),
      message: t('contract.removeText', { reference: row.reference }),
      confirmLabel: t('contract.removeConfirm'),
      cancelLabel: t('contract.form.cancel'),
    }),
    texts: (row) => removalTexts(row.reference),
    undone: (row) => t('contract.removeUndone', { reference: row.reference }),
    markUndone,
    fallbackFocus: () => heading.current,
  });

  const columns: DataTableColumn<ContractRow>[] = [
    {
      key: 'reference',
      header: t('contract.column.reference'),
      cell: (row) => <QueuedRowName row={row}>{row.reference}</QueuedRowName>,
    },
    { key: 'start', header: t('contract.column.startDate'), cell: (row) => formatDate(row.startDate) },
    { key: 'end', header: t('contract.column.endDate'), cell: (row) => (row.endDate === null ? t('contract.noEndDate') : formatDate(row.endDate)) },
    { key: 'plan', header: t('contract.column.plan'), cell: (row) => row.plan },
    { key: 'status', header: t('contract.column.status'), cell: (row) => contractStatusLabel(row.status) },
    {
      key: 'edit',
      header: t('contract.column.edit'),
      // a contract on its way out is not edited: Undo first
      cell: (row) =>
        row.removal ? null : (
          <Button size="xs" variant="light" aria-label={t('contract.edit', { reference: row.reference })} onClick={() => setEditing({ record: row })}>
            {t('contract.column.edit')}
          </Button>
        ),
    },
    {
      key: 'remove',
      header: t('contract.column.remove'),
      // one button for both, so focus stays on it when Remove turns into Undo and back
      cell: (row) => (
        <RemoveOrUndoButton
          row={row}
          label={t('contract.column.remove')}
          removeLabel={t('contract.remove', { reference: row.reference })}
          undoLabel={t('contract.undoRemoveLabel', { reference: row.reference })}
          onRemove={() => remove(row)}
          onUndo={() => undoRemoval(row)}
        />
      ),
    },
  ];

  const failure = query.isError ? loadFailure(query.error) : null;
  // only organization setup may see contracts: a direct link from anyone else is the 403 page
  if (isForbiddenError(query.error)) return <ForbiddenRedirect reason={t('organization.notInList')} />;

  return (
    <Stack gap="lg">
      {failure?.notFound ? (
        <Anchor component={Link} to="/organizations" size="sm">
          {t('contract.toOrganizations')}
        </Anchor>
      ) : (
        <Anchor component={Link} to={`/organization/${org}`} size="sm">
          {t('contract.backToOrganization')}
        </Anchor>
      )}
      <Group justify="space-between">
        <Title order={1} fz="h2" ref={heading} tabIndex={-1}>
          {t('contract.title')}
        </Title>
        {rows !== null && <Button onClick={() => setEditing({ record: null })}>{t('contract.add')}</Button>}
      </Group>
      <Text c="dimmed" size="sm">
        {t('contract.intro')}
      </Text>
      <OfflineNotice path={contracts.path(org)} />
      <FailedRemovals entries={failedDeletes} title={t('contract.errorMessage')} fallback={t('contract.deleteFailedDefault')} />
      {query.isPending && <PageLoader label={t('contract.loading')} />}
      {failure && (
        <Alert color="red" role="alert" title={failure.title}>
          {failure.text}
        </Alert>
      )}
      {rows !== null && (
        <DataTable
          rows={rows}
          columns={columns}
          rowKey={(row) => row.uuid}
          searchText={(row) => `${row.reference} ${row.plan} ${contractStatusLabel(row.status)}`}
          emptyText={t('contract.empty')}
          label={t('contract.tableLabel')}
        />
      )}
      <FormModal
        opened={editing !== null && userUuid !== null}
        onClose={() => setEditing(null)}
        title={editing?.record ? t('contract.form.editTitle') : t('contract.form.createTitle')}
        size={500}
      >
        {editing !== null && userUuid !== null && (
          <ContractForm org={org} userUuid={userUuid} record={editing.record} others={others} onClose={() => setEditing(null)} />
        )}
      </FormModal>
    </Stack>
  );
}
