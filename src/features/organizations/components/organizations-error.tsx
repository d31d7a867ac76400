import { Alert } from '@mantine/core';
import { describeError, isForbiddenError } from '../../../api';
import { t } from '../../../i18n';

/** Why the organization list is missing: no permission (403, spec section 8) or the gateway's words. */
export function OrganizationsError({ error }: { error: unknown }) {
  const forbidden = isForbiddenError(error);
  return (
    <Alert color="red" role="alert" title={forbidden ? undefined : t('organizations.loadFailed')}>
      {forbidden ? t('organizations.forbidden') : describeError(error)}
    </Alert>
  );
}
