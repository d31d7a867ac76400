import { useEffect } from 'react';
import { t } from '../i18n';

/** Sets the document title to 'page - Lobby' while the calling screen is shown. */
export function usePageTitle(page: string): void {
  useEffect(() => {
    document.title = t('app.pageTitle', { page });
  }, [page]);
}
