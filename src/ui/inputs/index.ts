export { ChipsInput, type ChipsInputProps } from './chips-input';
export { DiscountChipsInput, EmailListInput, PackageListInput, TipPercentagesInput } from './chip-lists';
export { TriStateSwitch, type TriStateSwitchProps } from './tri-state-switch';
export { DualListSelector, type DualListSelectorProps } from './dual-list-selector';
export { ModeTextInput, type ModeTextInputProps } from './mode-text-input';
export { DateMaskInput, TimeMaskInput, type MaskedInputProps } from './masked-inputs';
export { CountrySelect, CurrencySelect, LocaleSelect, TimeZoneSelect, type RegionalSelectProps } from './regional-selects';
export { RegionalFields, type RegionalFieldsProps } from './regional-fields';
export { attributeGroupLabel, attributeLabel, attributeOptionLabel, chipProblemText, placementMessageText, triStateLabel } from './labels';
