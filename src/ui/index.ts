export { DataTable, type DataTableColumn } from './data-table';
export { PageLoader } from './page-loader';
export { PublicPage } from './public-page';
export { SECONDARY_COLOR, theme } from './theme';
export { usePageTitle } from './use-page-title';
export { isNewPasswordValid, NewPasswordFields, type NewPasswordValue } from './new-password-fields';
export { formatCachedAt, OfflineNotice } from './offline-notice';
