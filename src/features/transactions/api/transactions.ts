/**
 * Transactions as the screens read them (issue 18, spec section 7 "Transactions and reporting"):
 * a search page, one transaction, and an export request. Reads go through the request layer, so a
 * page read offline comes from the read cache and says so; the export is a write and goes through
 * the outbox (with its Idempotency-Key), so one asked for offline is sent once the gateway answers.
 */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { parseAnswer, request, useSession } from '../../../api';
import { TRANSACTION_PAGE_SIZE_DEFAULT, transactionSchema, transactionSearchResponseSchema, type PaymentMethodType, type PaymentType } from '../../../domain';
import { t } from '../../../i18n';
import { enqueue, type OutboxEntry } from '../../../offline';
import { toParams } from '../../../ui';

/** The outbox collection of export requests. */
export const TRANSACTION_EXPORT_KIND = 'transaction-export';

export interface TransactionSearch {
  ouUuids: readonly string[];
  after: string;
  before: string;
  /** from 1, as the pager shows it (the gateway counts from 0) */
  page: number;
  paymentMethodTypes: readonly PaymentMethodType[];
  paymentTypes: readonly PaymentType[];
  checkNumber: string;
  roomNumber: string;
  includeDescendants: boolean;
}

/** GET /transaction/v1/transactions/search?… for one page of 10 rows. */
export function transactionSearchPath(search: TransactionSearch): string {
  const params = toParams({
    ouUuids: search.ouUuids,
    after: search.after,
    before: search.before,
    page: search.page - 1,
    pageSize: TRANSACTION_PAGE_SIZE_DEFAULT,
    paymentMethodTypes: search.paymentMethodTypes,
    paymentTypes: search.paymentTypes,
    checkNumber: search.checkNumber.trim(),
    roomNumber: search.roomNumber.trim(),
    includeDescendants: search.includeDescendants,
  });
  return `/transaction/v1/transactions/search?${params.toString()}`;
}

export const transactionPath = (uuid: string) => `/transaction/v1/transactions/${uuid}`;

/** One page of a search; the previous page stays on screen while the next is read. */
export function useTransactionSearch(path: string | null) {
  const session = useSession();
  return useQuery({
    queryKey: ['transaction-search', session?.uuid ?? null, path] as const,
    queryFn: async ({ signal }) => parseAnswer(transactionSearchResponseSchema, await request(path ?? '', { signal })),
    enabled: session !== null && path !== null,
    placeholderData: keepPreviousData,
  });
}

export function useTransaction(uuid: string | undefined) {
  const session = useSession();
  return useQuery({
    queryKey: ['transaction', session?.uuid ?? null, uuid ?? ''] as const,
    queryFn: async ({ signal }) => parseAnswer(transactionSchema, await request(transactionPath(uuid ?? ''), { signal })),
    enabled: session !== null && uuid !== undefined && uuid !== '',
  });
}

export interface ExportRequest {
  org: string;
  /** one unit: that unit's export; none or several: the organization's */
  unit: string | null;
  after: string;
  before: string;
  timeZone: string;
  includeDescendants: boolean;
  email: string;
}

/** POST /reporting/v1/reporting/ous/{ou}/transactions/export or /reporting/ous/organization/{org}/transactions/export. */
export function exportPath(request: ExportRequest): string {
  const params = toParams({ after: request.after, before: request.before, timeZone: request.timeZone, includeDescendants: request.includeDescendants, email: request.email.trim() });
  const base = request.unit === null ? `/reporting/ous/organization/${request.org}/transactions/export` : `/reporting/v1/reporting/ous/${request.unit}/transactions/export`;
  return `${base}?${params.toString()}`;
}

/** Queue the export request; the gateway answers 202 and mails the link once the file is written. */
export function queueExport(userUuid: string, exportRequest: ExportRequest): Promise<OutboxEntry> {
  return enqueue({
    method: 'POST',
    path: exportPath(exportRequest),
    userUuid,
    orgUuid: exportRequest.org,
    label: t('transactions.export.label', { email: exportRequest.email.trim() }),
    collection: TRANSACTION_EXPORT_KIND,
  });
}
