import { Badge } from '@mantine/core';
import { t } from '../../../i18n';
import type { HotelChangeVerb } from '../api/hotel-changes';

/** Rows the last hotel save added or changed, by name: the wizard marks them. */
export type ChangeMarks = ReadonlyMap<string, Exclude<HotelChangeVerb, 'removed'>>;

/** The mark beside a row's name after a save: 'New' or 'Changed'; nothing for a row the save did not touch. */
export function ChangeMark({ marks, name }: { marks: ChangeMarks | undefined; name: string }) {
  const change = marks?.get(name);
  if (change === undefined) return null;
  return (
    <Badge size="xs" variant="light" color={change === 'added' ? 'green' : 'blue'} data-change-mark={change}>
      {t(`hotelSave.mark.${change}`)}
    </Badge>
  );
}
