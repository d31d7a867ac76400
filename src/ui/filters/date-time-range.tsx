import { Fieldset, Group, Text } from '@mantine/core';
import { t } from '../../i18n';
import { DateMaskInput, TimeMaskInput } from '../inputs';
import { rangeInstants, userTimeZone, type DateTimeRangeValue } from './date-range';

interface DateTimeRangeProps {
  value: DateTimeRangeValue;
  onChange: (value: DateTimeRangeValue) => void;
  /** show the range's problem (once a search was tried, or the fields were left) */
  showProblem: boolean;
}

/**
 * From and To, each a DD/MM/YYYY date and an HH:MM time (spec section 5) in the operator's time
 * zone (said under the fields). An impossible date or a start not before the end is named under
 * the range; each field also names its own incomplete or impossible value once left.
 */
export function DateTimeRange({ value, onChange, showProblem }: DateTimeRangeProps) {
  const problem = rangeInstants(value).problem;
  const set = (key: keyof DateTimeRangeValue) => (text: string) => onChange({ ...value, [key]: text });
  const message = showProblem && problem !== null ? t(`filters.range.${problem}`) : null;
  return (
    <Fieldset legend={t('filters.range')} variant="unstyled" aria-describedby="date-range-help">
      <Group gap="xs" align="flex-start" wrap="wrap">
        <DateMaskInput label={t('filters.fromDate')} value={value.fromDate} onChange={set('fromDate')} w={130} aria-invalid={message !== null && problem !== 'toInvalid'} />
        <TimeMaskInput label={t('filters.fromTime')} value={value.fromTime} onChange={set('fromTime')} w={90} />
        <DateMaskInput label={t('filters.toDate')} value={value.toDate} onChange={set('toDate')} w={130} aria-invalid={message !== null && problem !== 'fromInvalid'} />
        <TimeMaskInput label={t('filters.toTime')} value={value.toTime} onChange={set('toTime')} w={90} />
      </Group>
      <Text id="date-range-help" size="xs" c="dimmed" mt={4}>
        {t('filters.range.help', { zone: userTimeZone() })}
      </Text>
      <div role="alert">
        {message !== null && (
          <Text size="sm" c="red.8" mt={4}>
            {message}
          </Text>
        )}
      </div>
    </Fieldset>
  );
}
