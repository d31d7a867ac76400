import { useCallback, useEffect, useMemo } from 'react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { Alert, Anchor, Select, Stack, Text, Title } from '@mantine/core';
import { PMS_PACKAGE_KIND } from '../../../domain';
import { useSession } from '../../../api';
import { plural, t } from '../../../i18n';
import { describeOutboxError, whenSettled, type DraftScope, type SendOutcome } from '../../../offline';
import { FailedRemovals, loadFailureOf, notify, OfflineNotice, RecordListStatus, usePageTitle } from '../../../ui';
import { SAVE_VERDICT_WAIT_MS, showRemovalOutcome, showSaveOutcome } from '../../../ui/save-outcome';
import { useOrganizationName } from '../api/pms-connections';
import { hotelScopeOf, pmsPackages, rateCodes, type PmsPackageRow } from '../api/hotel-resources';
import { useOrganizationUnits } from '../api/hotel-wizard-data';
import { effectiveUnitsPath } from '../../../api/read-paths';
import { PackagesSection, type PackageFormValues, type PackageItem } from '../components/packages-section';
import { compareText } from '../../../domain/text-order';

/** The organization's hotels, by name. */
function useHotels(org: string) {
  const query = useOrganizationUnits(org);
  const hotels = useMemo(
    () =>
      query.data
        ?.filter((unit) => unit.type === 'HOTEL')
        .map((unit) => ({ value: unit.uuid, label: unit.name }))
        .sort((a, b) => compareText(a.label, b.label)) ?? null,
    [query.data],
  );
  return { query, hotels };
}

/** What a package's removal became, in the catalogue's words. */
const removalTexts = (row: PmsPackageRow) => ({
  removed: t('packages.removed', { id: row.externalId }),
  queued: t('packages.removeQueued', { id: row.externalId }),
  waiting: t('packages.removeWaiting', { id: row.externalId }),
  refused: (message: string) => t('packages.removeRefused', { id: row.externalId, message }),
  fallback: t('packages.deleteFailedDefault'),
  conflict: t('packages.removeConflict', { id: row.externalId }),
});

/** Why a list could not be shown: its alert's title and text (spec section 8). */
const loadFailure = (error: unknown) =>
  loadFailureOf(error, { title: t('packages.errorMessage'), forbidden: [t('packages.permissionError'), t('packages.forbidden')], notFound: [t('packages.errorMessage'), t('packages.hotelNotFound')] });

const itemOf = (row: PmsPackageRow): PackageItem => ({
  localId: row.uuid,
  uuid: row.uuid,
  externalId: row.externalId,
  calculationRule: row.calculationRule,
  // a removal on its way is as good as done here (spec section 4: removed packages leave the table)
  deleted: row.deleted || row.removal !== null,
  pending: row.pending,
});

/**
 * /organization/:uuid/packages?ou={hotel}: the Room packages of one hotel of the organization
 * (spec section 2). The hotel is chosen from the organization's hotels (at once when it has only
 * one) and kept in the address. Adds, edits and removals go through the outbox, so they work
 * offline; rows not yet at the gateway say so, and each save says what became of it.
 */
export function PackagesPage() {
  const { uuid: org = '' } = useParams();
  const organization = useOrganizationName(org);
  usePageTitle(organization ? t('packages.pageTitle', { organization }) : t('packages.title'));
  const [searchParams, setSearchParams] = useSearchParams();
  const ou = searchParams.get('ou');
  const { query, hotels } = useHotels(org);
  const chosen = hotels?.find((hotel) => hotel.value === ou) ?? null;

  const choose = useCallback(
    (hotel: string | null, replace = false) =>
      setSearchParams(
        (previous) => {
          const next = new URLSearchParams(previous);
          if (hotel === null) next.delete('ou');
          else next.set('ou', hotel);
          return next;
        },
        { replace },
      ),
    [setSearchParams],
  );

  // with one hotel there is nothing to choose
  const only = hotels?.length === 1 ? hotels[0]?.value : undefined;
  useEffect(() => {
    if (only !== undefined && ou === null) choose(only, true);
  }, [only, ou, choose]);

  const failure = query.isError ? loadFailure(query.error) : null;

  return (
    <Stack gap="lg">
      <Anchor component={Link} to={`/organization/${org}`} size="sm">
        {t('packages.backToOrganization')}
      </Anchor>
      <Title order={1} fz="h2">
        {organization ? t('packages.heading', { organization }) : t('packages.title')}
      </Title>
      <Text c="dimmed" size="sm">
        {t('packages.intro')}
      </Text>
      {chosen === null && <OfflineNotice path={effectiveUnitsPath(org)} />}
      <RecordListStatus pending={query.isPending} loading={t('packages.loadingHotels')} failure={failure} />
      {hotels !== null && hotels.length === 0 && (
        <Alert color="blue" variant="light">
          <Stack gap={4}>
            <Text size="sm">{t('packages.noHotel')}</Text>
            <Anchor component={Link} to={`/organization/${org}/ous`} size="sm">
              {t('packages.noHotelLink')}
            </Anchor>
          </Stack>
        </Alert>
      )}
      {hotels !== null && hotels.length > 0 && (
        <Select
          label={t('packages.hotel')}
          placeholder={t('packages.hotelPlaceholder')}
          data={hotels}
          value={chosen?.value ?? null}
          allowDeselect={false}
          searchable={hotels.length > 10}
          onChange={(hotel) => choose(hotel)}
          maw={360}
        />
      )}
      {hotels !== null && hotels.length > 0 && chosen === null && (
        <Text size="sm" role="status">
          {ou !== null ? t('packages.unknownHotel') : t('packages.chooseHotel')}
        </Text>
      )}
      {chosen !== null && <HotelPackages key={chosen.value} org={org} hotel={chosen.value} />}
    </Stack>
  );
}

/** One hotel's packages: the section over the resource's rows, writes queued in the outbox. */
function HotelPackages({ org, hotel }: { org: string; hotel: string }) {
  const session = useSession();
  const userUuid = session?.uuid ?? null;
  const navigate = useNavigate();
  const scope = useMemo(() => hotelScopeOf(org, hotel), [org, hotel]);
  const { query, rows, failedDeletes } = pmsPackages.useRows(scope);
  const items = useMemo(() => rows?.map(itemOf) ?? null, [rows]);
  const byUuid = useMemo(() => new Map((rows ?? []).map((row) => [row.uuid, row])), [rows]);
  const openSync = useCallback(() => void navigate('/sync'), [navigate]);
  /** where the package form keeps what is typed: per package, and one for a new package of this hotel */
  const draftScope = useCallback(
    (localId: string | null): DraftScope | null => (userUuid === null ? null : { userUuid, orgUuid: org, kind: PMS_PACKAGE_KIND, recordId: localId ?? `new-${hotel}` }),
    [userUuid, org, hotel],
  );

  const save = useCallback(
    async (localId: string | null, values: PackageFormValues) => {
      if (userUuid === null) return;
      const row = localId === null ? undefined : byUuid.get(localId);
      // with the form's draft: a change the gateway refuses goes back to the form, with its words
      const queued = row
        ? await pmsPackages.queueUpdate(scope, userUuid, row, row.version, values, draftScope(row.uuid))
        : await pmsPackages.queueCreate(scope, userUuid, values, draftScope(null));
      // the change is safe in the outbox now; say what the gateway made of it, as far as known soon
      void whenSettled(queued.seq, SAVE_VERDICT_WAIT_MS).then((outcome) => {
        // the form is closed: what was entered went back to its draft, and the Sync page keeps the refused change
        if (outcome.kind === 'refused') notify(t('packages.saveRefused', { id: values.externalId, message: describeOutboxError(outcome.entry) ?? t('packages.deleteFailedDefault') }), 'problem');
        else showSaveOutcome(outcome, openSync);
      });
    },
    [userUuid, byUuid, scope, openSync, draftScope],
  );

  const remove = useCallback(
    async (item: PackageItem) => {
      const row = byUuid.get(item.localId);
      if (userUuid === null || !row) return;
      const queued = await pmsPackages.queueDelete(scope, userUuid, row);
      const outcome = await whenSettled(queued.seq, SAVE_VERDICT_WAIT_MS);
      showRemovalOutcome(outcome, removalTexts(row), openSync);
    },
    [userUuid, byUuid, scope, openSync],
  );

  /** several at once: one notice per outcome that went alike ('3 packages removed'), each refusal or conflict on its own */
  const removeMany = useCallback(
    async (items: PackageItem[]) => {
      const chosen = items.flatMap((item) => byUuid.get(item.localId) ?? []);
      if (userUuid === null || chosen.length === 0) return;
      const queued: { row: PmsPackageRow; seq: number }[] = [];
      for (const row of chosen) queued.push({ row, seq: (await pmsPackages.queueDelete(scope, userUuid, row)).seq });
      const outcomes = await Promise.all(queued.map(async ({ row, seq }) => ({ row, outcome: await whenSettled(seq, SAVE_VERDICT_WAIT_MS) })));
      const counted = (kind: SendOutcome['kind']) => outcomes.filter(({ outcome }) => outcome.kind === kind).length;
      const applied = counted('applied');
      const unreachable = counted('unreachable');
      const waiting = counted('waiting');
      if (applied > 0) notify(plural('packages.removedMany', applied));
      if (unreachable > 0) notify(plural('packages.removeQueuedMany', unreachable), 'waiting');
      if (waiting > 0) notify(plural('packages.removeWaitingMany', waiting), 'waiting');
      for (const { row, outcome } of outcomes) if (outcome.kind === 'refused' || outcome.kind === 'conflict') showRemovalOutcome(outcome, removalTexts(row), openSync);
    },
    [userUuid, byUuid, scope, openSync],
  );

  // the rate codes that include a package, named when several packages are removed at once
  const codes = rateCodes.useRows(scope).rows;
  const usedBy = useCallback((item: PackageItem) => (codes ?? []).filter((code) => code.removal === null && code.packages.includes(item.localId)).map((code) => code.name), [codes]);

  const failure = query.isError ? loadFailure(query.error) : null;

  return (
    <Stack gap="md">
      <OfflineNotice path={pmsPackages.path(scope)} />
      <FailedRemovals entries={failedDeletes} title={t('packages.errorMessage')} fallback={t('packages.deleteFailedDefault')} />
      <RecordListStatus pending={query.isPending} loading={t('packages.loading')} failure={failure} />
      {items !== null && <PackagesSection items={items} onSave={save} onRemove={remove} onRemoveMany={removeMany} usedBy={usedBy} headingOrder={2} readOnly={userUuid === null} draftScope={draftScope} />}
    </Stack>
  );
}
