import { Navigate } from 'react-router-dom';

/** What the 403 page is told about why it was reached (router state). */
export interface ForbiddenState {
  reason: string;
}

/** The reason carried to the 403 page, or null when it came from elsewhere (a typed URL, a stale state). */
export function forbiddenReasonOf(state: unknown): string | null {
  if (typeof state !== 'object' || state === null || !('reason' in state)) return null;
  const { reason } = state as { reason: unknown };
  return typeof reason === 'string' && reason.trim() !== '' ? reason : null;
}

/**
 * A direct link to what the user may not see or do leads to the 403 page (spec section 6), which
 * also says why in the catalogue's words (section 8). It replaces the link in the history, so Back
 * does not return to it.
 */
export function ForbiddenRedirect({ reason }: { reason?: string }) {
  const state: ForbiddenState | undefined = reason ? { reason } : undefined;
  return <Navigate to="/403" replace state={state} />;
}
