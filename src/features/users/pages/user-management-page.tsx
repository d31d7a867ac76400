import { useMemo } from 'react';
import { useNavigate } from 'react-router-dom';
import { Alert, Badge, Button, Group, Stack, Text } from '@mantine/core';
import { canManageUsers, holdsAllGrants, reachOfGrantable } from '../../../domain';
import { useSession } from '../../../api';
import { useProfile } from '../../../api/profile';
import { t } from '../../../i18n';
import { whenSettled } from '../../../offline';
import { ForbiddenRedirect, notify, OfflineNotice, openConfirm, usePageTitle, RecordListTitle, useRecordList, type DataTableColumn } from '../../../ui';
import { SAVE_VERDICT_WAIT_MS, showRemovalOutcome, showSaveOutcome } from '../../../ui/save-outcome';
import { managedUsers, queueInvitation, USER_KIND, USERS_PATH, useGrantable, type UserRow } from '../api/users';
import { PermissionsCell, placeNamesOf } from '../components/permissions-cell';
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
  const navigate = useNavigate();
  const takenEmails = useMemo(() => new Set((rows ?? []).map((row) => row.email)), [rows]);
  const reach = useMemo(() => (grantable.data ? reachOfGrantable(grantable.data) : null), [grantable.data]);
  const placeNames = useMemo(() => placeNamesOf(grantable.data), [grantable.data]);
  const failed = query.isError ? query.error : profile.isError ? profile.error : null;

  const { heading, addButton, body } = useRecordList<UserRow>({
    list: { query: { isPending: profile.isPending || (allowed === true && query.isPending), error: failed }, rows },
    drafts: { org: null, kind: USER_KIND },
    name: (row) => row.email,
    nameColumn: { header: t('users.column.email'), cell: (row) => `${row.email}${row.uuid === userUuid ? ` ${t('users.you')}` : ''}` },
    columns: ({ open }) => columns(open),
    searchText: (row) => `${row.email} ${row.telephone ?? ''}`,
    words: {
      add: t('users.create'),
      empty: t('users.empty'),
      loading: t('users.loading'),
      tableLabel: t('users.title'),
      searchPlaceholder: t('users.search'),
      createTitle: t('users.form.createTitle'),
      editTitle: t('users.form.editTitle'),
      editColumn: t('users.edit'),
      edit: (email) => t('users.editLabel', { email }),
    },
    failure: failed === null ? null : { text: t('users.loadFailed', { message: failed instanceof Error ? failed.message : String(failed) }), notFound: false },
    form: (record, { userUuid: user, close }) =>
      grantable.data && <UserForm userUuid={user} record={record} grantable={grantable.data} takenEmails={record ? new Set() : takenEmails} onClose={close} />,
    modalSize: 700,
    notices: grantable.isError && (
      <Alert color="red" role="alert">
        {t('users.form.grantableFailed', { message: grantable.error instanceof Error ? grantable.error.message : String(grantable.error) })}
      </Alert>
    ),
    // the form offers the grants the signed-in user may give: it opens once they are read
    formReady: grantable.data !== undefined,
    ownEditColumn: true,
    minWidth: 760,
  });

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

  /** An invited user gets a new invitation mail (asks first: the earlier link stops working). */
  function resendInvitation(row: UserRow) {
    if (userUuid === null) return;
    const sender = userUuid;
    openConfirm({
      title: t('users.resendTitle', { email: row.email }),
      message: t('users.resendText', { email: row.email }),
      confirmLabel: t('users.resend'),
      cancelLabel: t('users.cancel'),
      onConfirm: () => {
        void queueInvitation(sender, row).then((queued) =>
          whenSettled(queued.seq, SAVE_VERDICT_WAIT_MS).then((outcome) =>
            showRemovalOutcome(
              outcome,
              {
                removed: t('users.resent', { email: row.email }),
                queued: t('users.resendQueued', { email: row.email }),
                waiting: t('users.resendQueued', { email: row.email }),
                refused: (message) => t('users.resendRefused', { email: row.email, message }),
                fallback: t('errors.requestFailed', { status: 500 }),
                conflict: t('users.resendRefused', { email: row.email, message: t('errors.requestFailed', { status: 409 }) }),
              },
              () => void navigate('/sync'),
            ),
          ),
        );
      },
    });
  }

  // a declaration, hoisted: the list reads its columns while it is set up
  function columns(open: (row: UserRow) => void): DataTableColumn<UserRow>[] {
    return [
    { key: 'telephone', header: t('users.column.telephone'), cell: (row) => row.telephone ?? '', sort: (row) => row.telephone },
    {
      key: 'status',
      header: t('users.column.status'),
      sort: (row) => t(`users.status.${row.status}`),
      cell: (row) => (
        <Badge color={STATUS_COLOR[row.status]} variant="light" style={{ width: 'max-content', maxWidth: 'none' }}>
          {t(`users.status.${row.status}`)}
        </Badge>
      ),
    },
    {
      key: 'grants',
      header: t('users.column.grants'),
      cell: (row) => <PermissionsCell user={row} names={placeNames} />,
    },
    {
      key: 'actions',
      header: t('users.column.actions'),
      // one's own grants are not changed here (the gateway refuses it too)
      cell: (row) =>
        row.uuid === userUuid ? null : (
          <Group gap="xs" wrap="nowrap">
            <Button size="xs" variant="light" aria-label={t('users.editLabel', { email: row.email })} disabled={!grantable.data} onClick={() => open(row)}>
              {t('users.edit')}
            </Button>
            {row.status === 'INVITED' && !row.pending && reach !== null && holdsAllGrants(reach, row) && (
              <Button size="xs" variant="light" aria-label={t('users.resendLabel', { email: row.email })} onClick={() => resendInvitation(row)}>
                {t('users.resend')}
              </Button>
            )}
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
  }

  return (
    <Stack gap="lg">
      <RecordListTitle heading={heading} add={addButton} intro={t('users.intro')}>
        {t('users.title')}
      </RecordListTitle>
      <OfflineNotice path={USERS_PATH} />
      {body}
    </Stack>
  );
}
