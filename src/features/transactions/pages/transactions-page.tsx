import { useMemo, useState } from 'react';
import { Link, useLocation, useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { Anchor, Button, Group, Stack, Text } from '@mantine/core';
import { isForbiddenError, useSession } from '../../../api';
import { useProfile } from '../../../api/profile';
import { PAYMENT_METHOD_TYPES, PAYMENT_TYPES, TRANSACTION_PAGE_SIZE_DEFAULT, type CurrencyTotal, type TransactionSummary, type TransactionTab } from '../../../domain';
import { formatDateTime, t } from '../../../i18n';
import {
  FailureAlert,
  flagParam,
  ForbiddenRedirect,
  lastDays,
  organizationAttribute,
  listParam,
  PagedResults,
  PageLoader,
  pageParam,
  rangeFromParams,
  SearchPageHeader,
  toParams,
  unitAttribute,
  usePageTitle,
  useReadableUnits,
  userTimeZone,
  type StaticTableColumn,
} from '../../../ui';
import { transactionSearchPath, useTransactionSearch } from '../api/transactions';
import { ExportModal } from '../components/export-modal';
import { money, methodLabel, typeLabel } from '../components/labels';
import { TransactionDetail } from '../components/transaction-detail';
import { TransactionFilters, type TransactionFilterValues } from '../components/transaction-filters';

/** The search the address names; what it leaves out takes the defaults (the last 30 days, every unit, the spec's 4 and 4 types). */
function appliedOf(params: URLSearchParams): TransactionFilterValues & { page: number } {
  const methods = listParam(params, 'paymentMethodTypes', PAYMENT_METHOD_TYPES);
  const types = listParam(params, 'paymentTypes', PAYMENT_TYPES);
  return {
    ...rangeFromParams(params, lastDays(30)),
    units: listParam(params, 'units'),
    includeDescendants: flagParam(params, 'includeDescendants'),
    paymentMethodTypes: methods.length > 0 ? methods : [...PAYMENT_METHOD_TYPES],
    paymentTypes: types.length > 0 ? types : [...PAYMENT_TYPES],
    checkNumber: /^\d+$/.test(params.get('checkNumber') ?? '') ? (params.get('checkNumber') ?? '') : '',
    roomNumber: params.get('roomNumber') ?? '',
    page: pageParam(params),
  };
}

/** Totals per currency: '€1,234.50 (12) · £80.00 (2)'. */
function TotalsLine({ label, totals, localeOf }: { label: string; totals: readonly CurrencyTotal[]; localeOf: (currency: string) => string | null }) {
  return (
    <Group gap="xs" justify="flex-end" wrap="wrap">
      <Text size="sm" fw={600}>
        {label}:
      </Text>
      {totals.map((total) => (
        <Text key={total.currency} size="sm" style={{ fontVariantNumeric: 'tabular-nums' }}>
          {t('transactions.totalLine', { total: money(total.totalMinor, total.currency, localeOf(total.currency)), count: total.count })}
        </Text>
      ))}
    </Group>
  );
}

/**
 * /organization/:uuid/transactions/:transactionUuid?/:tab? (spec section 2; issue 18): the
 * transactions of the units the user may view, searched by date range, units, payment method and
 * payment types, check and room number, 10 rows a page with the page's and the whole result's
 * totals; the search and its page live in the address, so a reload or a shared link shows the
 * same. A row opens its detail (receipt, payment, refund) at its own address. Times in the list are
 * in the user's time zone (said in the column's header); the detail's in the unit's.
 */
export function TransactionsPage() {
  const { uuid: org = '', transactionUuid, tab } = useParams();
  const [params, setParams] = useSearchParams();
  const location = useLocation();
  const navigate = useNavigate();
  const session = useSession();
  const profile = useProfile();
  usePageTitle(t('transactions.title'));
  const readable = useReadableUnits(org);
  const applied = useMemo(() => appliedOf(params), [params]);
  const [exporting, setExporting] = useState(false);

  const readableUuids = useMemo(() => new Set(readable.units.map((unit) => unit.uuid)), [readable.units]);
  const chosen = applied.units.filter((uuid) => readableUuids.has(uuid));
  const ouUuids = chosen.length > 0 ? chosen : readable.units.map((unit) => unit.uuid);
  const path = readable.allowed && ouUuids.length > 0 ? transactionSearchPath({ ...applied, ouUuids }) : null;
  const search = useTransactionSearch(path);

  const listPath = `/organization/${org}/transactions`;
  const hrefOf = (uuid: string, to: TransactionTab) => `${listPath}/${uuid}/${to}${location.search}`;
  const localeOf = (ou: string) => unitAttribute(readable.all, ou, 'LOCALE');
  const currencyLocale = (currency: string) => {
    const row = search.data?.data.find((candidate) => candidate.currency === currency);
    return row ? localeOf(row.ouUuid) : null;
  };
  const zone = userTimeZone();

  if (readable.allowed === false || isForbiddenError(search.error)) return <ForbiddenRedirect reason={t('transactions.forbidden')} />;

  const apply = (values: TransactionFilterValues) => {
    setParams(toParams({ ...values, page: null }));
  };
  const setPage = (page: number) => {
    const next = new URLSearchParams(params);
    next.set('page', String(page));
    setParams(next);
  };

  const columns: StaticTableColumn<TransactionSummary>[] = [
    {
      key: 'time',
      header: t('transactions.column.time', { zone }),
      cell: (row) => (
        <Anchor
          component={Link}
          to={hrefOf(row.uuid, 'receipt')}
          aria-label={t('transactions.open', { time: formatDateTime(row.occurredAt), check: row.checkNumber })}
          onClick={(event) => event.stopPropagation()}
          style={{ whiteSpace: 'nowrap' }}
        >
          {formatDateTime(row.occurredAt)}
        </Anchor>
      ),
    },
    { key: 'unit', header: t('transactions.column.unit'), cell: (row) => row.ouName },
    { key: 'check', header: t('transactions.column.check'), cell: (row) => row.checkNumber },
    { key: 'table', header: t('transactions.column.table'), cell: (row) => row.tableNumber ?? '—' },
    { key: 'method', header: t('transactions.column.paymentMethod'), cell: (row) => methodLabel(row.paymentMethodType) },
    { key: 'type', header: t('transactions.column.paymentType'), cell: (row) => typeLabel(row.paymentType) },
    { key: 'room', header: t('transactions.column.room'), cell: (row) => row.roomNumber ?? '—' },
    {
      key: 'total',
      header: t('transactions.column.total'),
      cell: (row) => (
        <Text span size="sm" style={{ whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' }}>
          {money(row.totalMinor, row.currency, localeOf(row.ouUuid))}
        </Text>
      ),
    },
  ];

  const result = search.data;
  const pages = result ? Math.max(1, Math.ceil(result.totalCount / TRANSACTION_PAGE_SIZE_DEFAULT)) : 1;
  const oneUnit = chosen.length === 1 ? (readable.units.find((unit) => unit.uuid === chosen[0]) ?? null) : null;
  // the export's times: in the one unit's time zone, else the organization's (else a readable unit's, else the user's)
  const exportZone =
    (oneUnit ? unitAttribute(readable.all, oneUnit.uuid, 'TIME_ZONE') : organizationAttribute(readable.all, 'TIME_ZONE')) ??
    unitAttribute(readable.all, readable.units[0]?.uuid ?? '', 'TIME_ZONE') ??
    zone;

  return (
    <Stack gap="lg">
      <SearchPageHeader
        org={org}
        title={t('transactions.title')}
        intro={t('transactions.intro')}
        offlinePath={path}
        action={
          <Button variant="light" onClick={() => setExporting(true)} disabled={!readable.allowed || ouUuids.length === 0}>
            {t('transactions.export')}
          </Button>
        }
      />
      {readable.error !== null && readable.allowed === undefined && <FailureAlert>{(readable.error as Error).message}</FailureAlert>}
      {readable.allowed === undefined && readable.error === null && <PageLoader />}
      {readable.allowed && (
        <>
          <TransactionFilters key={params.toString()} applied={applied} units={readable.units} onSearch={apply} />
          {ouUuids.length === 0 && <FailureAlert>{t('filters.noUnits')}</FailureAlert>}
          {search.isError && <FailureAlert title={t('transactions.loadFailed')}>{search.error.message}</FailureAlert>}
          {search.isPending && path !== null && <PageLoader />}
          {result && (
            <PagedResults
              rows={result.data}
              columns={columns}
              rowKey={(row) => row.uuid}
              label={t('transactions.tableLabel')}
              page={applied.page}
              pages={pages}
              onPage={setPage}
              emptyText={t('transactions.empty')}
              busy={search.isPlaceholderData}
              onOpen={(row) => void navigate(hrefOf(row.uuid, 'receipt'))}
              minWidth={900}
              footer={
                result.totalCount > 0 && (
                  <Stack gap={4}>
                    <TotalsLine label={t('transactions.pageTotals')} totals={result.pageTotals} localeOf={currencyLocale} />
                    <TotalsLine label={t('transactions.totals', { count: result.totalCount })} totals={result.totals} localeOf={currencyLocale} />
                  </Stack>
                )
              }
            />
          )}
        </>
      )}
      {transactionUuid !== undefined && (
        <TransactionDetail
          uuid={transactionUuid}
          tab={tab ?? 'receipt'}
          hrefOf={hrefOf}
          onTab={(next) => void navigate(hrefOf(transactionUuid, next), { replace: true })}
          onClose={() => void navigate(`${listPath}${location.search}`)}
        />
      )}
      {session && readable.allowed && (
        <ExportModal
          key={`${exporting}`}
          opened={exporting}
          onClose={() => setExporting(false)}
          userUuid={session.uuid}
          scope={{ org, unit: oneUnit?.uuid ?? null, after: applied.after, before: applied.before, includeDescendants: applied.includeDescendants }}
          unitName={oneUnit?.name ?? null}
          defaultEmail={profile.data?.email ?? ''}
          defaultTimeZone={exportZone}
        />
      )}
    </Stack>
  );
}
