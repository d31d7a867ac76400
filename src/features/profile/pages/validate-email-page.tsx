import { useEffect } from 'react';
import { Link, useParams } from 'react-router-dom';
import { Button } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { ERROR_CODES } from '../../../domain';
import { describeError, invalidateAfterWrite, isApiError } from '../../../api';
import { t } from '../../../i18n';
import { LinkValidationStatus, PublicPage } from '../../../ui';
import { useEmailValidation } from '../api/own-profile';

/** An invalid, used or expired link (422) is the spec's activation-code message. */
function failureMessage(error: unknown): string {
  if (isApiError(error) && (error.status === 422 || error.hasCode(ERROR_CODES.activationCodeInvalid))) return t('emailValidation.codeInvalid');
  return describeError(error);
}

/** /validate/email/:token: sends the token from the confirmation mail once, on opening. */
export function ValidateEmailPage() {
  const { token = '' } = useParams();
  const validation = useEmailValidation(token);
  const queryClient = useQueryClient();

  // a profile read before (this browser signed in) shows the old address: read it again
  useEffect(() => {
    if (validation.isSuccess) void invalidateAfterWrite(queryClient, { queryKey: ['profile'] });
  }, [validation.isSuccess, queryClient]);

  return (
    <PublicPage title={t('emailValidation.title')}>
      <LinkValidationStatus validation={validation} validating={t('emailValidation.validating')} validated={t('emailValidation.validated')} failure={failureMessage} />
      {!validation.isPending && (
        <Button component={Link} to="/organizations" variant="light">
          {t('emailValidation.toMainPage')}
        </Button>
      )}
    </PublicPage>
  );
}
