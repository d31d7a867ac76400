import { useEffect } from 'react';
import { Navigate, useSearchParams } from 'react-router-dom';
import { safeRedirectPath } from '../../../domain';
import { logout, useSession } from '../../../api';
import { t } from '../../../i18n';
import { PageLoader, usePageTitle } from '../../../ui';

/** /logout: ends the session (revoking it in the background), then goes to `redirect` or /login. */
export function LogoutPage() {
  usePageTitle(t('logout.title'));
  const session = useSession();
  const [params] = useSearchParams();

  useEffect(() => {
    logout();
  }, []);

  if (session) return <PageLoader label={t('logout.progress')} />;
  return <Navigate to={safeRedirectPath(params.get('redirect'), '/login', ['/logout'])} replace />;
}
