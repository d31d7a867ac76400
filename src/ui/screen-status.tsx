import type { ReactNode } from 'react';
import { describeError } from '../api';
import { FailureAlert } from './checked-form';
import { PageLoader } from './page-loader';

/**
 * What a screen shows in place of its content until it can show it: why its data could not be
 * read, the loader while it is read, or (read) that its record is not there (`notFound`); then `children`.
 */
export function ScreenStatus({ error, loading, notFound, children }: { error: unknown; loading: boolean; notFound?: string; children?: ReactNode }) {
  if (error !== null && error !== undefined) return <FailureAlert>{describeError(error)}</FailureAlert>;
  if (loading) return <PageLoader />;
  if (notFound !== undefined) return <FailureAlert>{notFound}</FailureAlert>;
  return children;
}
