import { useEffect, useState } from 'react';
import { Navigate, useNavigate, useSearchParams } from 'react-router-dom';
import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { safeRedirectPath } from '../../../domain';
import { logout, useSession } from '../../../api';
import { t } from '../../../i18n';
import { flushAllDrafts, logOutAndWipe, unsyncedWork, type UnsyncedWork } from '../../../offline';
import { PageLoader, usePageTitle } from '../../../ui';

type Phase = 'checking' | 'confirm' | 'leaving' | 'done';

const NOTHING: UnsyncedWork = { mine: { changes: 0, drafts: 0 }, others: { changes: 0, drafts: 0 } };

/**
 * /logout: ends the session (revoking it in the background) and removes the signed-in user's data
 * from the browser, also offline (ADR 0004): their drafts and unsent changes, the cached answers,
 * localStorage but the language. Another user's unsent work stays for that user. When the user's
 * own unsynced changes or drafts would be lost, it says how many first (and that other users'
 * work is kept) and lets the operator stay and sync. The sign-in page shows only once the wipe is
 * done, so a quick sign-in is never wiped by it.
 */
export function LogoutPage() {
  usePageTitle(t('logout.title'));
  const session = useSession();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const [phase, setPhase] = useState<Phase>('checking');
  const [work, setWork] = useState<UnsyncedWork>(NOTHING);

  const leave = async (userUuid: string) => {
    setPhase('leaving');
    await logOutAndWipe(userUuid, logout);
    setPhase('done');
  };

  useEffect(() => {
    let live = true;
    void (async () => {
      if (!session) {
        // no session to end (the guard sent us here): work left by an expired session stays for its user
        logout();
        setPhase('done');
        return;
      }
      await flushAllDrafts();
      const found = await unsyncedWork(session.uuid).catch(() => NOTHING);
      if (!live) return;
      if (found.mine.changes + found.mine.drafts > 0) {
        setWork(found);
        setPhase('confirm');
        return;
      }
      await leave(session.uuid);
    })();
    return () => {
      live = false;
    };
    // runs once per visit of /logout; the session is read as it was on arrival
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  if (phase === 'confirm' && session) {
    const others = work.others.changes + work.others.drafts > 0;
    return (
      <Modal opened onClose={() => navigate('/sync')} title={t('logout.unsyncedTitle')} centered>
        <Stack gap="sm">
          <Text size="sm">{t('logout.unsyncedText', { changes: work.mine.changes, drafts: work.mine.drafts })}</Text>
          {others && <Text size="sm">{t('logout.othersText', { changes: work.others.changes, drafts: work.others.drafts })}</Text>}
        </Stack>
        <Group justify="flex-end" mt="lg">
          <Button variant="default" onClick={() => navigate('/sync')}>
            {t('logout.stay')}
          </Button>
          <Button color="red" onClick={() => void leave(session.uuid)}>
            {t('logout.anyway')}
          </Button>
        </Group>
      </Modal>
    );
  }
  // a logout in another tab ended the session while this one asked: that logout did the wipe
  const finished = phase === 'done' || (phase === 'confirm' && !session);
  if (!finished) return <PageLoader label={t('logout.progress')} />;
  return <Navigate to={safeRedirectPath(params.get('redirect'), '/login', ['/logout'])} replace />;
}
