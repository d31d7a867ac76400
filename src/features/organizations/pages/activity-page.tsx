import { useMemo, useState } from 'react';
import { useParams, useSearchParams } from 'react-router-dom';
import { Badge, Button, Group, Select, Stack, Text } from '@mantine/core';
import { isForbiddenError } from '../../../api';
import { useEffectiveUnits } from '../../../api/units';
import {
  ACCESS_CONTROL_KIND,
  CATEGORY_KIND,
  CONTRACT_KIND,
  DEVICE_KIND,
  DISCOUNT_KIND,
  DROPDOWN_MAX_HEIGHT,
  HOTEL_DEFINITION_KIND,
  ORDER_ITEM_KIND,
  ORGANIZATION_KIND,
  PMS_CONNECTION_KIND,
  PMS_PACKAGE_KIND,
  POS_INSTALLATION_KIND,
  RATE_CODE_KIND,
  TAG_KIND,
  UNIT_KIND,
  USER_KIND,
  type HistoryEntry,
  type Unit,
} from '../../../domain';
import { formatDateTime, t, type MessageKey } from '../../../i18n';
import {
  activityPath,
  bulkText,
  changeText,
  DateTimeRange,
  FailureAlert,
  FilterForm,
  ForbiddenRedirect,
  kindLabel,
  lastDays,
  PagedResults,
  PageLoader,
  pageParam,
  rangeFromParams,
  rangeInstants,
  rangeValueOf,
  SearchPageHeader,
  toParams,
  useActivity,
  usePageTitle,
  userTimeZone,
  type StaticTableColumn,
} from '../../../ui';

/** The kinds of record the gateway keeps a history of (docs/adr/0029-change-history.md), as the filter offers them. */
export const ACTIVITY_KINDS = [
  ORGANIZATION_KIND,
  UNIT_KIND,
  USER_KIND,
  CONTRACT_KIND,
  PMS_CONNECTION_KIND,
  HOTEL_DEFINITION_KIND,
  PMS_PACKAGE_KIND,
  RATE_CODE_KIND,
  ACCESS_CONTROL_KIND,
  DEVICE_KIND,
  POS_INSTALLATION_KIND,
  DISCOUNT_KIND,
  ORDER_ITEM_KIND,
  CATEGORY_KIND,
  TAG_KIND,
] as const;

interface Filters {
  after: string;
  before: string;
  unit: string | null;
  kind: string | null;
  /** who made the changes, and their email to show it (from the row it was chosen on) */
  user: string | null;
  userEmail: string | null;
}

/** The activity search the address names: the last 30 days, every unit, kind and user by default. */
function filtersOf(params: URLSearchParams): Filters & { page: number } {
  return {
    ...rangeFromParams(params, lastDays(30)),
    unit: params.get('unit'),
    kind: params.get('kind'),
    user: params.get('user'),
    userEmail: params.get('userEmail'),
    page: pageParam(params),
  };
}

/** The filters of the activity: range, unit, kind of record and who made the changes (chosen on a row). */
function ActivityFilters({ applied, units, onSearch }: { applied: Filters; units: readonly Unit[]; onSearch: (filters: Filters) => void }) {
  const [range, setRange] = useState(() => rangeValueOf(applied.after, applied.before));
  const [unit, setUnit] = useState(applied.unit);
  const [kind, setKind] = useState(applied.kind);
  const [user, setUser] = useState(applied.user);
  const [tried, setTried] = useState(false);
  const search = () => {
    setTried(true);
    const instants = rangeInstants(range);
    if (instants.problem !== null) return;
    onSearch({ after: instants.after, before: instants.before, unit, kind, user, userEmail: user === null ? null : applied.userEmail });
  };
  return (
    <FilterForm onSearch={search} range={<DateTimeRange value={range} onChange={setRange} showProblem={tried} />}>
      <Select
        label={t('activity.units')}
        placeholder={t('activity.units.all')}
        data={units.map((candidate) => ({ value: candidate.uuid, label: candidate.name }))}
        value={unit}
        onChange={setUnit}
        searchable
        clearable
        maxDropdownHeight={DROPDOWN_MAX_HEIGHT}
        nothingFoundMessage={t('inputs.select.nothingFound')}
      />
      <Select
        label={t('activity.kind')}
        placeholder={t('activity.kind.all')}
        data={ACTIVITY_KINDS.map((value) => ({ value, label: kindLabel(value) }))}
        value={kind}
        onChange={setKind}
        clearable
        maxDropdownHeight={DROPDOWN_MAX_HEIGHT}
      />
      <Stack gap={4}>
        <Text size="sm" fw={500} id="activity-user-label">
          {t('activity.user')}
        </Text>
        <Group gap="xs" aria-labelledby="activity-user-label" role="group">
          <Text size="sm">{user === null ? t('activity.user.clear') : (applied.userEmail ?? user)}</Text>
          {user !== null && (
            <Button variant="subtle" size="compact-sm" onClick={() => setUser(null)}>
              {t('activity.user.clear')}
            </Button>
          )}
        </Group>
      </Stack>
    </FilterForm>
  );
}

/** What an entry changed, a line per field (a secret only as changed), or a bulk change's counts. */
function ChangesCell({ entry }: { entry: HistoryEntry }) {
  if (entry.bulk) return <Text size="sm">{bulkText(entry)}</Text>;
  if (entry.action !== 'changed' || entry.changes.length === 0) return <Text size="sm">{t(`history.action.${entry.action}` as MessageKey)}</Text>;
  return (
    <Stack gap={2}>
      {entry.changes.map((change) => (
        <Text size="sm" key={change.field}>
          {changeText(entry.kind, change)}
        </Text>
      ))}
    </Stack>
  );
}

/** The record's name an entry gives (the field `name` it set or had), else none. */
function recordName(entry: HistoryEntry): string | null {
  const name = entry.changes.find((change) => change.field === 'name');
  const value = name?.after ?? name?.before;
  return typeof value === 'string' && value !== '' ? value : null;
}

/**
 * /organization/:uuid/activity (issue 21, docs/adr/0029-change-history.md): the organization's
 * changes, newest first: when each arrived and was made (with the offline mark), who made it, which
 * record and what changed; filtered by time, unit, kind and user, a page at a time; the search and
 * its page live in the address. The gateway decides who reads what (organization setup: every
 * entry; unit setup: its units'); a user it refuses gets the 403 page.
 */
export function ActivityPage() {
  const { uuid: org = '' } = useParams();
  const [params, setParams] = useSearchParams();
  usePageTitle(t('activity.title'));
  const units = useEffectiveUnits(org);
  const applied = useMemo(() => filtersOf(params), [params]);
  const path = activityPath({ org, unitUuid: applied.unit, userUuid: applied.user, kind: applied.kind, after: applied.after, before: applied.before, page: applied.page });
  const activity = useActivity(org === '' ? null : path);
  const unitName = useMemo(() => new Map((units.data ?? []).map((unit) => [unit.uuid, unit.name])), [units.data]);

  if (isForbiddenError(activity.error)) return <ForbiddenRedirect reason={t('activity.forbidden')} />;

  const search = (filters: Filters) => setParams(toParams({ ...filters }));
  const byUser = (entry: HistoryEntry) => search({ ...applied, user: entry.userUuid, userEmail: entry.userEmail || null });
  const columns: StaticTableColumn<HistoryEntry>[] = [
    { key: 'applied', header: t('activity.column.applied', { zone: userTimeZone() }), cell: (row) => <span style={{ whiteSpace: 'nowrap' }}>{formatDateTime(row.appliedAt)}</span> },
    {
      key: 'made',
      header: t('activity.column.made'),
      cell: (row) => (
        <Stack gap={2} align="flex-start">
          <span style={{ whiteSpace: 'nowrap' }}>{formatDateTime(row.madeAt)}</span>
          {row.offline && (
            <Badge variant="light" color="orange" size="sm">
              {t('history.madeOffline')}
            </Badge>
          )}
        </Stack>
      ),
    },
    {
      key: 'user',
      header: t('activity.column.user'),
      cell: (row) => {
        const who = row.userEmail || t('history.unknownUser');
        return applied.user === row.userUuid ? (
          who
        ) : (
          <Button variant="subtle" size="compact-sm" px={0} aria-label={t('activity.filterByUser', { user: who })} onClick={() => byUser(row)}>
            {who}
          </Button>
        );
      },
    },
    {
      key: 'record',
      header: t('activity.column.record'),
      cell: (row) => {
        const name = recordName(row);
        const where = row.unitUuid !== null && row.unitUuid !== row.recordUuid ? unitName.get(row.unitUuid) : undefined;
        return (
          <Stack gap={2}>
            <Text size="sm" fw={600}>
              {name ? `${kindLabel(row.kind)}: ${name}` : kindLabel(row.kind)}
            </Text>
            <Text size="xs" c="dimmed">
              {where ? `${t(`history.action.${row.action}` as MessageKey)} · ${where}` : t(`history.action.${row.action}` as MessageKey)}
            </Text>
          </Stack>
        );
      },
    },
    { key: 'changes', header: t('activity.column.changes'), cell: (row) => <ChangesCell entry={row} /> },
  ];
  const result = activity.data;
  const setPage = (page: number) => {
    const next = new URLSearchParams(params);
    next.set('page', String(page));
    setParams(next);
  };

  return (
    <Stack gap="lg">
      <SearchPageHeader org={org} title={t('activity.title')} intro={t('activity.intro')} offlinePath={path} />
      <ActivityFilters key={params.toString()} applied={applied} units={units.data ?? []} onSearch={search} />
      {activity.isError && <FailureAlert title={t('activity.loadFailed')}>{activity.error.message}</FailureAlert>}
      {activity.isPending && <PageLoader />}
      {result && (
        <PagedResults
          rows={result.data}
          columns={columns}
          rowKey={(row) => row.uuid}
          label={t('activity.tableLabel')}
          page={applied.page}
          pages={Math.max(1, Math.ceil(result.totalCount / result.limit))}
          onPage={setPage}
          emptyText={t('activity.empty')}
          busy={activity.isPlaceholderData}
          minWidth={900}
        />
      )}
    </Stack>
  );
}
