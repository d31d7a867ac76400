import { useState } from 'react';
import { MultiSelect, TextInput } from '@mantine/core';
import { CHECK_NUMBER_MAX, PAYMENT_METHOD_TYPES, PAYMENT_TYPES, ROOM_NUMBER_MAX, type PaymentMethodType, type PaymentType, type Unit } from '../../../domain';
import { t } from '../../../i18n';
import { DateTimeRange, FilterForm, rangeInstants, rangeValueOf, UnitPicker } from '../../../ui';
import type { TransactionSearch } from '../api/transactions';

/** What the filters choose: the search without its page (a new search starts at page 1). */
export type TransactionFilterValues = Omit<TransactionSearch, 'page' | 'ouUuids'> & { units: string[] };

const isCheckNumber = (text: string) => text.trim() === '' || (/^\d+$/.test(text.trim()) && Number(text) >= 1 && Number(text) <= CHECK_NUMBER_MAX);

/**
 * The Transactions filters: date range, units with descendants, payment method types and payment
 * types (the spec's 4 and 4 by default), check number and room number. Search (or Enter) hands the
 * values on once they are valid; until then the problem is named at its field.
 */
export function TransactionFilters({ applied, units, onSearch }: { applied: TransactionFilterValues; units: readonly Unit[]; onSearch: (values: TransactionFilterValues) => void }) {
  const [range, setRange] = useState(() => rangeValueOf(applied.after, applied.before));
  const [chosen, setChosen] = useState<string[]>(applied.units);
  const [includeDescendants, setIncludeDescendants] = useState(applied.includeDescendants);
  const [methods, setMethods] = useState<PaymentMethodType[]>([...applied.paymentMethodTypes]);
  const [types, setTypes] = useState<PaymentType[]>([...applied.paymentTypes]);
  const [checkNumber, setCheckNumber] = useState(applied.checkNumber);
  const [roomNumber, setRoomNumber] = useState(applied.roomNumber);
  const [tried, setTried] = useState(false);

  const search = () => {
    setTried(true);
    const instants = rangeInstants(range);
    if (instants.problem !== null || !isCheckNumber(checkNumber) || methods.length === 0 || types.length === 0) return;
    onSearch({ after: instants.after, before: instants.before, units: chosen, includeDescendants, paymentMethodTypes: methods, paymentTypes: types, checkNumber: checkNumber.trim(), roomNumber: roomNumber.trim() });
  };

  return (
    <FilterForm onSearch={search} range={<DateTimeRange value={range} onChange={setRange} showProblem={tried} />}>
      <UnitPicker
        units={units}
        value={chosen}
        onChange={setChosen}
        includeDescendants={includeDescendants}
        onIncludeDescendants={setIncludeDescendants}
        label={t('filters.units')}
        allLabel={t('filters.units.all')}
      />
      <MultiSelect
        label={t('transactions.paymentMethodTypes')}
        data={PAYMENT_METHOD_TYPES.map((value) => ({ value, label: t(`transactions.method.${value}`) }))}
        value={methods}
        onChange={(value) => setMethods(value as PaymentMethodType[])}
        error={tried && methods.length === 0 ? t('transactions.chooseOne') : undefined}
      />
      <MultiSelect
        label={t('transactions.paymentTypes')}
        data={PAYMENT_TYPES.map((value) => ({ value, label: t(`transactions.type.${value}`) }))}
        value={types}
        onChange={(value) => setTypes(value as PaymentType[])}
        error={tried && types.length === 0 ? t('transactions.chooseOne') : undefined}
      />
      <TextInput
        label={t('transactions.checkNumber')}
        inputMode="numeric"
        autoComplete="off"
        value={checkNumber}
        maxLength={String(CHECK_NUMBER_MAX).length}
        onChange={(event) => setCheckNumber(event.currentTarget.value.replace(/\D/g, ''))}
        error={tried && !isCheckNumber(checkNumber) ? t('transactions.checkNumber.invalid') : undefined}
      />
      <TextInput label={t('transactions.roomNumber')} autoComplete="off" value={roomNumber} maxLength={ROOM_NUMBER_MAX} onChange={(event) => setRoomNumber(event.currentTarget.value)} />
    </FilterForm>
  );
}
