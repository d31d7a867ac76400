import { useEffect, useMemo, useRef, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { Alert, Anchor, Badge, Button, Group, Stack, Text, Title } from '@mantine/core';
import { CONTRACT_KIND, type Contract } from '../../../domain';
import { describeError, isApiError, isForbiddenError, useSession } from '../../../api';
import { formatDate, t } from '../../../i18n';
import { discardEntry, retryEntry, useDraftList, whenSettled, type OutboxEntry } from '../../../offline';
import { type ResourceRow } from '../../../offline/resource';
import { confirmRemoval, DataTable, ForbiddenRedirect, FormModal, notify, OfflineNotice, PageLoader, usePageTitle, type DataTableColumn } from '../../../ui';
import { SAVE_VERDICT_WAIT_MS, showRemovalOutcome, type RemovalTexts } from '../../../ui/save-outcome';
import { contracts } from '../api/units';
import { ContractForm, contractStatusLabel } from '../components/contract-form';

type ContractRow = ResourceRow<Contract>;
type Editing = { record: Contract | null } | null;

/** Spec section 8's words for a refused removal: status from the error details (default 500), first message (default 'An error occurred'). */
function deleteFailure(entry: OutboxEntry): string {
  return t('contract.deleteFailed', { status: entry.lastStatus ?? 500, message: entry.errorMessages[0] ?? t('contract.deleteFailedDefault') });
}

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
  const navigate = useNavigate();
  const { query, rows, failedDeletes, markUndone } = contracts.useRows(org);
  const drafts = useDraftList(userUuid, org, CONTRACT_KIND);
  const [editing, setEditing] = useState<Editing>(null);
  const reopened = useRef(false);
  const heading = useRef<HTMLHeadingElement>(null);
  /** the references a contract's reference must differ from: those not on their way out */
  const others = useMemo(() => (rows ?? []).filter((row) => row.removal === null), [rows]);

  // Unsaved work comes back: when the page opens (after a reload, say), the latest draft's form opens again.
  useEffect(() => {
    if (reopened.current || rows === null || drafts === undefined) return;
    reopened.current = true;
    const latest = drafts[0];
    if (!latest || editing !== null) return;
    if (latest.recordId === 'new') setEditing({ record: null });
    else {
      const record = rows.find((row) => row.uuid === latest.recordId);
      if (record) setEditing({ record });
    }
  }, [rows, drafts, editing]);

  const remove = (row: ContractRow) =>
    confirmRemoval({
      title: t('contract.removeTitle'),
      message: t('contract.removeText', { reference: row.reference }),
      confirmLabel: t('contract.removeConfirm'),
      cancelLabel: t('contract.form.cancel'),
      fallbackFocus: () => heading.current,
      onConfirm: () => {
        if (!userUuid) return;
        void contracts
          .queueDelete(org, userUuid, row)
          .then((queued) => whenSettled(queued.seq, SAVE_VERDICT_WAIT_MS))
          .then((outcome) => showRemovalOutcome(outcome, removalTexts(row.reference), () => void navigate('/sync')));
      },
    });

  const undoRemoval = (row: ContractRow) => {
    if (!row.removal || row.removal.sending) return;
    markUndone(row.uuid);
    void discardEntry(row.removal.seq).then(() => notify(t('contract.removeUndone', { reference: row.reference })));
  };

  const columns: DataTableColumn<ContractRow>[] = [
    {
      key: 'reference',
      header: t('contract.column.reference'),
      cell: (row) => (
        <Group gap="xs" wrap="nowrap">
          <Text span inherit td={row.removal ? 'line-through' : undefined}>
            {row.reference}
          </Text>
          {row.removal ? (
            <Badge size="xs" variant="light" color="red">
              {t('contract.removing')}
            </Badge>
          ) : (
            row.pending && (
              <Badge size="xs" variant="light" color="blue">
                {t('contract.pendingSync')}
              </Badge>
            )
          )}
        </Group>
      ),
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
        <Button
          size="xs"
          variant="subtle"
          color={row.removal ? 'gray' : 'red'}
          aria-label={row.removal ? t('contract.undoRemoveLabel', { reference: row.reference }) : t('contract.remove', { reference: row.reference })}
          disabled={row.removal?.sending === true}
          onClick={() => (row.removal ? undoRemoval(row) : remove(row))}
        >
          {row.removal ? t('contract.undoRemove') : t('contract.column.remove')}
        </Button>
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
      {failedDeletes.map((entry) => (
        <Alert key={entry.seq} color="red" role="alert" title={t('contract.errorMessage')}>
          <Group justify="space-between" wrap="nowrap">
            <span>{deleteFailure(entry)}</span>
            <Group gap="xs" wrap="nowrap">
              <Button size="xs" variant="light" onClick={() => void retryEntry(entry.seq)}>
                {t('contract.retry')}
              </Button>
              <Button size="xs" variant="subtle" onClick={() => void discardEntry(entry.seq)}>
                {t('contract.discardFailed')}
              </Button>
            </Group>
          </Group>
        </Alert>
      ))}
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
