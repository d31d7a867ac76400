import { useEffect, useState } from 'react';
import { Navigate, useNavigate, useSearchParams } from 'react-router-dom';
import { Button, Group, Stack, Text } from '@mantine/core';
import { safeRedirectPath } from '../../../domain';
import { logout, useSession } from '../../../api';
import { countList, plural, t } from '../../../i18n';
import { flushAllDrafts, logOutAndWipe, unsyncedWork, type UnsyncedWork, type WorkCount } from '../../../offline';
import { AppModal, PageLoader, usePageTitle } from '../../../ui';

type Phase = 'checking' | 'confirm' | 'leaving' | 'done';

const NOTHING: UnsyncedWork = { mine: { changes: 0, drafts: 0 }, others: { changes: 0, drafts: 0 } };

/** '3 unsynced changes and 1 unsaved draft', zero parts left out, for the warning's sentences. */
const describeWork = (count: WorkCount) =>
  countList([
    ['logout.work.changes', count.changes],
    ['logout.work.drafts', count.drafts],
  ]);
const total = (count: WorkCount) => count.changes + count.drafts;

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
    const others = total(work.others) > 0;
    return (
      <AppModal opened onClose={() => navigate('/sync')} title={t('logout.unsyncedTitle')} centered>
        <Stack gap="sm">
          <Text size="sm">{plural('logout.unsyncedText', total(work.mine), { work: describeWork(work.mine) })}</Text>
          {others && <Text size="sm">{plural('logout.othersText', total(work.others), { work: describeWork(work.others) })}</Text>}
        </Stack>
        <Group justify="flex-end" mt="lg">
          {/* the safe choice first and focused: Enter keeps the work */}
          <Button variant="default" onClick={() => navigate('/sync')} data-autofocus>
            {t('logout.stay')}
          </Button>
          <Button color="red" onClick={() => void leave(session.uuid)}>
            {t('logout.anyway')}
          </Button>
        </Group>
      </AppModal>
    );
  }
  // a logout in another tab ended the session while this one asked: that logout did the wipe
  const finished = phase === 'done' || (phase === 'confirm' && !session);
  if (!finished) return <PageLoader label={t('logout.progress')} />;
  return <Navigate to={safeRedirectPath(params.get('redirect'), '/login', ['/logout'])} replace />;
}
