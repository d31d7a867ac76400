import { Alert } from '@mantine/core';
import { queryOptions } from '@tanstack/react-query';
import { FailureAlert } from './checked-form';
import { PageLoader } from './page-loader';

/** A link from a mail or text message, sent once on opening: being checked, `validated`, or why not (`failure`). */
export function LinkValidationStatus({
  validation,
  validating,
  validated,
  failure,
}: {
  validation: { isPending: boolean; isSuccess: boolean; isError: boolean; error: unknown };
  validating: string;
  validated: string;
  failure(error: unknown): string;
}) {
  return (
    <>
      {validation.isPending && <PageLoader label={validating} />}
      {validation.isSuccess && (
        <Alert color="green" role="status">
          {validated}
        </Alert>
      )}
      <FailureAlert>{validation.isError && failure(validation.error)}</FailureAlert>
    </>
  );
}

/**
 * The check of a link's single-use token, run once per token when its page opens: a query, not an
 * effect, so a remount (React strict mode, a re-render) never spends the token twice.
 */
export const linkTokenQueryOptions = (key: string, token: string, send: (token: string) => Promise<void>) =>
  queryOptions({
    queryKey: [key, token],
    queryFn: () => send(token).then(() => true),
    retry: false,
    staleTime: Infinity,
    gcTime: Infinity,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });
