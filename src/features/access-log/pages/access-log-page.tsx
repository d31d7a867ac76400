import { useMemo, useState } from 'react';
import { useParams, useSearchParams } from 'react-router-dom';
import { Badge, MultiSelect, Stack, TextInput } from '@mantine/core';
import { isForbiddenError } from '../../../api';
import { ACCESS_LOG_ID_METHODS, ROOM_NUMBER_MAX, type AccessControlService, type AccessLogEntry, type Unit } from '../../../domain';
import { formatDateTime, t } from '../../../i18n';
import {
  DateTimeRange,
  FailureAlert,
  FilterForm,
  flagParam,
  ForbiddenRedirect,
  lastDays,
  listParam,
  PagedResults,
  PageLoader,
  pageParam,
  rangeFromParams,
  rangeInstants,
  rangeValueOf,
  SearchPageHeader,
  toParams,
  UnitPicker,
  usePageTitle,
  useReadableUnits,
  userTimeZone,
  type StaticTableColumn,
} from '../../../ui';
import { accessLogPath, useAccessLog, useOrganizationServices, type AccessLogSearch } from '../api/access-log';

type Filters = Omit<AccessLogSearch, 'org' | 'page' | 'ouUuids'> & { hotels: string[] };

/** The access-log search the address names; the last 30 days and every readable hotel by default. */
function filtersOf(params: URLSearchParams): Filters & { page: number } {
  return {
    ...rangeFromParams(params, lastDays(30)),
    hotels: listParam(params, 'hotels'),
    includeDescendants: flagParam(params, 'includeDescendants'),
    room: params.get('room') ?? '',
    identificationMethods: listParam(params, 'identificationMethods', ACCESS_LOG_ID_METHODS),
    serviceUuids: listParam(params, 'services'),
    page: pageParam(params),
  };
}

/** The filters of the access log: range, hotels with descendants, room, identification methods, services. */
function AccessLogFilters({ applied, hotels, services, onSearch }: { applied: Filters; hotels: readonly Unit[]; services: readonly AccessControlService[]; onSearch: (filters: Filters) => void }) {
  const [range, setRange] = useState(() => rangeValueOf(applied.after, applied.before));
  const [chosen, setChosen] = useState(applied.hotels);
  const [includeDescendants, setIncludeDescendants] = useState(applied.includeDescendants);
  const [room, setRoom] = useState(applied.room);
  const [methods, setMethods] = useState<string[]>([...applied.identificationMethods]);
  const [serviceUuids, setServiceUuids] = useState<string[]>([...applied.serviceUuids]);
  const [tried, setTried] = useState(false);
  // the services of the chosen hotels (all of them when none is chosen)
  const offered = services.filter((service) => chosen.length === 0 || chosen.includes(service.hotelUuid));
  const search = () => {
    setTried(true);
    const instants = rangeInstants(range);
    if (instants.problem !== null) return;
    const kept = serviceUuids.filter((uuid) => offered.some((service) => service.uuid === uuid));
    onSearch({ after: instants.after, before: instants.before, hotels: chosen, includeDescendants, room: room.trim(), identificationMethods: methods, serviceUuids: kept });
  };
  return (
    <FilterForm onSearch={search} range={<DateTimeRange value={range} onChange={setRange} showProblem={tried} />}>
      <UnitPicker
        units={hotels}
        value={chosen}
        onChange={setChosen}
        includeDescendants={includeDescendants}
        onIncludeDescendants={setIncludeDescendants}
        label={t('filters.hotels')}
        allLabel={t('filters.hotels.all')}
      />
      <TextInput label={t('accessLog.room')} autoComplete="off" value={room} maxLength={ROOM_NUMBER_MAX} onChange={(event) => setRoom(event.currentTarget.value)} />
      <MultiSelect
        label={t('accessLog.identificationMethods')}
        placeholder={methods.length === 0 ? t('accessLog.identificationMethods.all') : undefined}
        data={[...ACCESS_LOG_ID_METHODS]}
        value={methods}
        onChange={setMethods}
      />
      <MultiSelect
        label={t('accessLog.services')}
        placeholder={serviceUuids.length === 0 ? t('accessLog.services.all') : undefined}
        data={offered.map((service) => ({ value: service.uuid, label: service.name }))}
        value={serviceUuids}
        onChange={setServiceUuids}
        searchable
      />
    </FilterForm>
  );
}

/**
 * /organization/:uuid/access-log (issue 18): the door openings of the hotels the user may view,
 * filtered by date range, hotels with descendants, room, identification methods and services, 10
 * a page; the search and its page live in the address. Times are in the user's time zone.
 */
export function AccessLogPage() {
  const { uuid: org = '' } = useParams();
  const [params, setParams] = useSearchParams();
  usePageTitle(t('accessLog.title'));
  const readable = useReadableUnits(org);
  const services = useOrganizationServices(org);
  const applied = useMemo(() => filtersOf(params), [params]);
  const hotels = useMemo(() => readable.units.filter((unit) => unit.type === 'HOTEL'), [readable.units]);
  const chosen = applied.hotels.filter((uuid) => hotels.some((hotel) => hotel.uuid === uuid));
  const path = readable.allowed ? accessLogPath({ ...applied, org, ouUuids: chosen }) : null;
  const log = useAccessLog(path);

  if (readable.allowed === false || isForbiddenError(log.error)) return <ForbiddenRedirect reason={t('accessLog.forbidden')} />;

  const columns: StaticTableColumn<AccessLogEntry>[] = [
    { key: 'time', header: t('accessLog.column.time', { zone: userTimeZone() }), cell: (row) => <span style={{ whiteSpace: 'nowrap' }}>{formatDateTime(row.occurredAt)}</span> },
    { key: 'hotel', header: t('accessLog.column.hotel'), cell: (row) => row.hotelName },
    { key: 'service', header: t('accessLog.column.service'), cell: (row) => row.serviceName },
    { key: 'room', header: t('accessLog.column.room'), cell: (row) => row.room },
    { key: 'method', header: t('accessLog.column.method'), cell: (row) => row.identificationMethod },
    {
      key: 'result',
      header: t('accessLog.column.result'),
      cell: (row) => (
        <Badge variant="light" color={row.granted ? 'green' : 'red'}>
          {t(row.granted ? 'accessLog.granted' : 'accessLog.denied')}
        </Badge>
      ),
    },
    { key: 'device', header: t('accessLog.column.device'), cell: (row) => row.deviceAlias ?? t('accessLog.noDevice') },
  ];
  const result = log.data;
  const setPage = (page: number) => {
    const next = new URLSearchParams(params);
    next.set('page', String(page));
    setParams(next);
  };

  return (
    <Stack gap="lg">
      <SearchPageHeader org={org} title={t('accessLog.title')} intro={t('accessLog.intro')} offlinePath={path} />
      {readable.allowed === undefined && (readable.error === null ? <PageLoader /> : <FailureAlert>{(readable.error as Error).message}</FailureAlert>)}
      {readable.allowed && (
        <>
          <AccessLogFilters
            key={params.toString()}
            applied={applied}
            hotels={hotels}
            services={services.data ?? []}
            onSearch={({ hotels: picked, serviceUuids, ...filters }) => setParams(toParams({ ...filters, hotels: picked, services: serviceUuids }))}
          />
          {log.isError && <FailureAlert title={t('accessLog.loadFailed')}>{log.error.message}</FailureAlert>}
          {log.isPending && <PageLoader />}
          {result && (
            <PagedResults
              rows={result.data}
              columns={columns}
              rowKey={(row) => row.uuid}
              label={t('accessLog.tableLabel')}
              page={applied.page}
              pages={Math.max(1, Math.ceil(result.totalCount / result.limit))}
              onPage={setPage}
              emptyText={t('accessLog.empty')}
              busy={log.isPlaceholderData}
              minWidth={860}
            />
          )}
        </>
      )}
    </Stack>
  );
}
