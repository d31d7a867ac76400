import type { Session } from '../domain';

interface Place {
  pathname: string;
  search: string;
}

/**
 * Where a signed-in route sends someone who may not see it (spec section 2): with no session to
 * /login?redirect={path} (keeping loginId), with a session lacking a user uuid to
 * /logout?redirect=/login (`userless`: the store holds such a session). null: stay.
 */
export function signedInRedirect(session: Session | null, place: Place, userless = false): string | null {
  if (userless) return '/logout?redirect=/login';
  if (!session) {
    const params = new URLSearchParams({ redirect: `${place.pathname}${place.search}` });
    const loginId = new URLSearchParams(place.search).get('loginId');
    if (loginId) params.set('loginId', loginId);
    return `/login?${params.toString()}`;
  }
  if (!session.uuid) return '/logout?redirect=/login';
  return null;
}
