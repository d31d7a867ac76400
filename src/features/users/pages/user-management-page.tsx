import { useCallback, useMemo, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { Alert, Badge, Button, Group, Stack, Text, Title } from '@mantine/core';
import { canManageUsers, holdsAllGrants, reachOfGrantable } from '../../../domain';
import { useSession } from '../../../api';
import { useProfile } from '../../../api/profile';
import { t } from '../../../i18n';
import { useDraftList, whenSettled } from '../../../offline';
import {
  DataTable,
  ForbiddenRedirect,
  FormModal,
  notify,
  OfflineNotice,
  openConfirm,
  PageLoader,
  QueuedRowName,
  useReopenLatestDraft,
  usePageTitle,
  type DataTableColumn,
} from '../../../ui';
import { SAVE_VERDICT_WAIT_MS, showSaveOutcome } from '../../../ui/save-outcome';
import { managedUsers, USER_KIND, USERS_PATH, useGrantable, type UserRow } from '../api/users';
import { UserForm } from '../components/user-form';

const STATUS_COLOR = { ACTIVE: 'green', INVITED: 'blue', DEACTIVATED: 'gray' } as const;

/**
 * /user-management (spec sections 2 and 6): the users the signed-in user manages, searchable, 10
 * rows a page; create a user with the grant choices the signed-in user may give, edit a user's
 * grants, deactivate and reactivate. Every change goes through the outbox, so it is kept offline and
 * sent once; a user without user management is sent to the 403 page.
 */
export function UserManagementPage() {
  usePageTitle(t('users.title'));
  const session = useSession();
  const userUuid = session?.uuid ?? null;
  const profile = useProfile();
  const allowed = profile.data ? canManageUsers(profile.data) : null;
  const { query, rows } = managedUsers.useRows(null, allowed === true);
  const grantable = useGrantable(allowed === true);
  const drafts = useDraftList(userUuid, null, USER_KIND);
  const [editing, setEditing] = useState<{ record: UserRow | null } | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const navigate = useNavigate();
  const takenEmails = useMemo(() => new Set((rows ?? []).map((row) => row.email)), [rows]);
  const reach = useMemo(() => (grantable.data ? reachOfGrantable(grantable.data) : null), [grantable.data]);

  const reopen = useCallback((record: UserRow | null) => setEditing({ record }), []);
  useReopenLatestDraft(grantable.data ? rows : null, drafts, reopen, { busy: editing !== null });

  if (allowed === false) return <ForbiddenRedirect reason={t('users.forbidden')} />;

  function changeStatus(row: UserRow, active: boolean) {
    if (userUuid === null) return;
    openConfirm({
      title: t(active ? 'users.reactivateTitle' : 'users.deactivateTitle', { email: row.email }),
      message: t(active ? 'users.reactivateText' : 'users.deactivateText', { email: row.email }),
      confirmLabel: t(active ? 'users.reactivate' : 'users.deactivate'),
      cancelLabel: t('users.cancel'),
      destructive: !active,
      onConfirm: () => {
        const input = { ...managedUsers.declaration.inputOf(row), active };
        void managedUsers.queueUpdate(null, userUuid, row, row.version, input, null).then((queued) => {
          notify(t('users.statusQueued', { email: row.email }));
          void whenSettled(queued.seq, SAVE_VERDICT_WAIT_MS).then((outcome) => showSaveOutcome(outcome, () => void navigate('/sync')));
        });
      },
    });
  }

  const columns: DataTableColumn<UserRow>[] = [
    {
      key: 'email',
      header: t('users.column.email'),
      cell: (row) => (
        <QueuedRowName row={row}>
          {row.email}
          {row.uuid === userUuid ? ` ${t('users.you')}` : ''}
        </QueuedRowName>
      ),
    },
    { key: 'telephone', header: t('users.column.telephone'), cell: (row) => row.telephone ?? '' },
    {
      key: 'status',
      header: t('users.column.status'),
      cell: (row) => (
        <Badge color={STATUS_COLOR[row.status]} variant="light" style={{ width: 'max-content', maxWidth: 'none' }}>
          {t(`users.status.${row.status}`)}
        </Badge>
      ),
    },
    {
      key: 'grants',
      header: t('users.column.grants'),
      cell: (row) => (row.permissions.length === 0 ? t('users.noPermissions') : row.permissions.map((permission) => t(`users.permission.${permission}`)).join(', ')),
    },
    {
      key: 'actions',
      header: t('users.column.actions'),
      // one's own grants are not changed here (the gateway refuses it too)
      cell: (row) =>
        row.uuid === userUuid ? null : (
          <Group gap="xs" wrap="nowrap">
            <Button size="xs" variant="light" aria-label={t('users.editLabel', { email: row.email })} disabled={!grantable.data} onClick={() => setEditing({ record: row })}>
              {t('users.edit')}
            </Button>
            {row.status === 'DEACTIVATED' ? (
              <Button size="xs" variant="light" aria-label={t('users.reactivateLabel', { email: row.email })} onClick={() => changeStatus(row, true)}>
                {t('users.reactivate')}
              </Button>
            ) : reach !== null && !holdsAllGrants(reach, row) ? (
              // the gateway refuses it (a deactivation takes all of the user's access): said here, not queued to fail
              <Text size="xs" c="dimmed">
                {t('users.deactivateNotYours')}
              </Text>
            ) : (
              <Button size="xs" variant="light" color="red" aria-label={t('users.deactivateLabel', { email: row.email })} onClick={() => changeStatus(row, false)}>
                {t('users.deactivate')}
              </Button>
            )}
          </Group>
        ),
    },
  ];

  const failed = query.isError ? query.error : profile.isError ? profile.error : null;
  const failure = failed === null ? null : failed instanceof Error ? failed.message : String(failed);

  return (
    <Stack gap="lg">
      <Group justify="space-between">
        <Title order={1} fz="h2" ref={heading} tabIndex={-1}>
          {t('users.title')}
        </Title>
        {rows !== null && (
          <Button onClick={() => setEditing({ record: null })} disabled={!grantable.data}>
            {t('users.create')}
          </Button>
        )}
      </Group>
      <Text c="dimmed" size="sm">
        {t('users.intro')}
      </Text>
      <OfflineNotice path={USERS_PATH} />
      {(profile.isPending || (allowed === true && query.isPending)) && <PageLoader label={t('users.loading')} />}
      {failure !== null && (
        <Alert color="red" role="alert">
          {t('users.loadFailed', { message: failure })}
        </Alert>
      )}
      {grantable.isError && (
        <Alert color="red" role="alert">
          {t('users.form.grantableFailed', { message: grantable.error instanceof Error ? grantable.error.message : String(grantable.error) })}
        </Alert>
      )}
      {rows !== null && (
        <DataTable
          rows={rows}
          columns={columns}
          rowKey={(row) => row.uuid}
          searchText={(row) => `${row.email} ${row.telephone ?? ''}`}
          searchPlaceholder={t('users.search')}
          emptyText={t('users.empty')}
          label={t('users.title')}
          minWidth={760}
        />
      )}
      <FormModal opened={editing !== null && userUuid !== null && grantable.data !== undefined} onClose={() => setEditing(null)} title={editing?.record ? t('users.form.editTitle') : t('users.form.createTitle')} size={700}>
        {editing !== null && userUuid !== null && grantable.data !== undefined && (
          <UserForm
            userUuid={userUuid}
            record={editing.record}
            grantable={grantable.data}
            takenEmails={editing.record ? new Set() : takenEmails}
            onClose={() => setEditing(null)}
          />
        )}
      </FormModal>
    </Stack>
  );
}
