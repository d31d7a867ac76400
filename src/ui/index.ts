export { AppModal, useReturnFocus, type AppModalProps } from './app-modal';
export { confirmRemoval, openConfirm, type ConfirmOptions, type ConfirmRemovalOptions } from './confirm';
export { DataTable, PAGE_SIZES, type DataTableColumn, type DataTableSelection } from './data-table';
export { removalSelection, type RemovalSelectionOptions } from './removal-selection';
export { TableFrame } from './table-frame';
export { StaticTable, type StaticTableColumn } from './static-table';
export { currentFocus, firstFocusable, focusSoon, focusTargetAfterRemoval } from './focus';
export { useFocusWhenReady, useInvalidFocus } from './form-focus';
export { changeLabels, type ChangeLabelPrefix } from './change-labels';
export { ScreenStatus } from './screen-status';
export { AccountEmailInput, CheckedForm, clearsFailure, FailureAlert, useCheckedForm } from './checked-form';
export { FormModal, UnsavedChangesModal, useFormModalGuard, type FormGuard, type FormModalProps } from './form-modal';
export { emailProblem, isEmailAddress, type EmailMessages } from './form-rules';
export { hideNotice, notify, type NoticeOptions, type NoticeTone } from './notify';
export { PageLoader } from './page-loader';
export { PasswordField } from './password-field';
export { PublicPage } from './public-page';
export { pmsConnectionTypeLabel, recordFieldLabel, recordValueLabel } from './record-labels';
export { SECONDARY_COLOR, theme } from './theme';
export { usePageTitle } from './use-page-title';
export { isNewPasswordValid, NewPasswordFields, type NewPasswordValue } from './new-password-fields';
export { OfflineNotice } from './offline-notice';
export {
  attributeGroupLabel,
  attributeLabel,
  attributeOptionLabel,
  ChipsInput,
  chipProblemText,
  CountrySelect,
  CurrencySelect,
  DateMaskInput,
  DiscountChipsInput,
  DualListSelector,
  EmailListInput,
  LocaleSelect,
  ModeTextInput,
  PackageListInput,
  placementMessageText,
  RegionalFields,
  TimeMaskInput,
  TimeZoneSelect,
  TipPercentagesInput,
  triStateLabel,
  TriStateSwitch,
  type ChipsInputProps,
  type DualListSelectorProps,
  type MaskedInputProps,
  type ModeTextInputProps,
  type RegionalFieldsProps,
  type RegionalSelectProps,
  type TriStateSwitchProps,
} from './inputs';
export { ATTRIBUTE_IMAGE_TYPES, AttributeSettings, attributeProblemText, ImageField, type ImageFieldProps, type AttributeReferenceRecord, type AttributeSettingsProps, type UploadedImage } from './attributes';
export { DraftRestoredNotice } from './draft-notice';
export { DraftNotices } from './draft-notices';
export { LinkValidationStatus, linkTokenQueryOptions } from './link-validation';
export { IntroducedTitle } from './introduced-title';
export { DraftForm, type DraftFormState } from './draft-form';
export { ForbiddenRedirect, forbiddenReasonOf, type ForbiddenState } from './forbidden';
export { ExitConfirmModal, useLeaveGuard } from './leave-guard';
export { useAnyUnsavedWork, useUnsavedWork } from './unsaved-work';
export { SaveBar, type SaveBarProps } from './save-bar';
export { FailedRemovals, QueuedRowName, RemoveOrUndoButton, removalFailure, useQueuedRemoval, useReopenLatestDraft, type QueuedRemovalOptions, type QueuedRowState } from './resource-list';
export * from './records';
export { DEFAULT_MONEY, decimalSign, formatMinor, formatPercent, parsePercentInput, percentToInput, minorToInput, parseMinorInput, priceExample, unitPathOf, useUnitMoney, type UnitMoney } from './unit-money';
export { imageAddress, uploadImage } from './image-upload';
export * from './filters';
export * from './history';
export { dispositionFileName, saveDownload } from './download';
export { blocksOf, MAPPED_AT_ONCE, mapInSlices, useMappedInSlices, useSameList, type Mapped } from './slices';
