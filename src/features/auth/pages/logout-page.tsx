import { useEffect, useState } from 'react';
import { Navigate, useNavigate, useSearchParams } from 'react-router-dom';
import { Button, Group, Modal, Text } from '@mantine/core';
import { safeRedirectPath } from '../../../domain';
import { logout, useSession } from '../../../api';
import { t } from '../../../i18n';
import { flushAllDrafts, unsyncedWork, wipeOfflineData } from '../../../offline';
import { PageLoader, usePageTitle } from '../../../ui';

type Phase = 'checking' | 'confirm' | 'leaving';

/** Everything Lobby kept in this browser goes: IndexedDB (drafts, outbox), cached answers, localStorage. */
async function signOutAndWipe(): Promise<void> {
  // the session goes first, so nothing (a refetch, another tab) stores more of this user's data meanwhile
  logout();
  await wipeOfflineData().catch((error: unknown) => console.error('Lobby could not empty its browser database', error));
  try {
    localStorage.clear();
  } catch {
    // storage refused: nothing was kept there
  }
}

/**
 * /logout: ends the session (revoking it in the background) and empties the browser of Lobby's
 * data, also offline. When unsynced changes or drafts would be lost, it says how many first and
 * lets the operator stay and sync.
 */
export function LogoutPage() {
  usePageTitle(t('logout.title'));
  const session = useSession();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const [phase, setPhase] = useState<Phase>('checking');
  const [work, setWork] = useState({ changes: 0, drafts: 0 });

  useEffect(() => {
    let live = true;
    void (async () => {
      if (!session) {
        // no session to end (the guard sent us here): work left by an expired session stays for its user
        setPhase('leaving');
        logout();
        return;
      }
      await flushAllDrafts();
      const found = await unsyncedWork().catch(() => ({ changes: 0, drafts: 0 }));
      if (!live) return;
      if (found.changes + found.drafts > 0) {
        setWork(found);
        setPhase('confirm');
        return;
      }
      setPhase('leaving');
      await signOutAndWipe();
    })();
    return () => {
      live = false;
    };
    // runs once per visit of /logout; the session is read as it was on arrival
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  if (phase === 'confirm') {
    return (
      <Modal opened onClose={() => navigate('/sync')} title={t('logout.unsyncedTitle')} centered>
        <Text size="sm">{t('logout.unsyncedText', { changes: work.changes, drafts: work.drafts })}</Text>
        <Group justify="flex-end" mt="lg">
          <Button variant="default" onClick={() => navigate('/sync')}>
            {t('logout.stay')}
          </Button>
          <Button
            color="red"
            onClick={() => {
              setPhase('leaving');
              void signOutAndWipe();
            }}
          >
            {t('logout.anyway')}
          </Button>
        </Group>
      </Modal>
    );
  }
  if (session || phase === 'checking') return <PageLoader label={t('logout.progress')} />;
  return <Navigate to={safeRedirectPath(params.get('redirect'), '/login', ['/logout'])} replace />;
}
