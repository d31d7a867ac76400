export { lastDays, rangeFromParams, rangeInstants, rangeValueOf, userTimeZone, type DateTimeRangeValue, type RangeInstants, type RangeProblem } from './date-range';
export { DateTimeRange } from './date-time-range';
export { FilterForm } from './filter-form';
export { PagedResults } from './paged-results';
export { organizationAttribute, unitAttribute, useReadableUnits, type ReadableUnits } from './readable-units';
export { flagParam, listParam, pageParam, toParams } from './search-params';
export { UnitPicker } from './unit-picker';
export { SearchPageHeader } from './search-page-header';
