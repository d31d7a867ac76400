/**
 * Clone of a hotel or a venue (issue 21, "Clone"): a button beside the selected unit of the tree,
 * offered to who may create a unit where it sits, and a small modal asking for the new unit's
 * name. The clone is one change through the outbox (queueUnitClone): with the gateway reachable it
 * waits for its verdict and opens the new unit in its screen (the hotel wizard or the venue
 * screen); offline it stays queued, like a hotel create, and the tree shows the new unit waiting
 * to sync.
 */
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import type { Unit } from '../../../domain';
import { connectivity, invalidateAfterWrite } from '../../../api';
import { t } from '../../../i18n';
import { describeOutboxError, discardEntry, whenSettled, type SendOutcome } from '../../../offline';
import { AppModal } from '../../../ui';
import { showSaveOutcome } from '../../../ui/save-outcome';
import { queueUnitClone } from '../api/units';
import { unitTypeLabel } from './unit-tree';
import { cutName, UnitNameInput } from './unit-name-input';

/** How long the modal waits for the gateway to make the clone (a 10k+10k hotel takes about a second) before going on without it. */
export const CLONE_VERDICT_WAIT_MS = 10_000;

/** Where a unit's own screen is: the hotel wizard, the venue screen. */
export const cloneScreenOf = (org: string, type: Unit['type'], uuid: string) => (type === 'HOTEL' ? `/organization/${org}/ous/hotel/${uuid}` : `/organization/${org}/ous/venue/${uuid}`);

export interface UnitCloneProps {
  org: string;
  userUuid: string;
  unit: Pick<Unit, 'uuid' | 'type' | 'parentUuid' | 'attributes' | 'name'>;
  /** the user may create a unit where `unit` sits (the gateway decides again) */
  allowed: boolean;
}

/** The Clone button of a hotel or venue, and its modal; nothing for another unit or without the right. */
export function UnitClone({ org, userUuid, unit, allowed }: UnitCloneProps) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [opened, setOpened] = useState(false);
  const [name, setName] = useState('');
  const [touched, setTouched] = useState(false);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  if (!allowed || (unit.type !== 'HOTEL' && unit.type !== 'VENUE')) return null;

  const nameError = touched && name.trim() === '' ? t('units.nameRequired') : undefined;
  const close = () => {
    if (busy) return;
    setOpened(false);
    setName('');
    setTouched(false);
    setProblem(null);
  };

  async function submit() {
    setTouched(true);
    const chosen = name.trim();
    if (chosen === '' || busy) return;
    setBusy(true);
    setProblem(null);
    try {
      const entry = await queueUnitClone(org, userUuid, unit, chosen);
      const uuid = entry.recordUuid ?? '';
      // offline: queued like a hotel create, nothing to wait for
      const outcome: SendOutcome = connectivity.get().reachable ? await whenSettled(entry.seq, CLONE_VERDICT_WAIT_MS) : { kind: 'unreachable' };
      if (outcome.kind === 'refused') {
        // said here, where it can be tried again; the refused change is not kept
        await discardEntry(entry.seq);
        setProblem(t('units.clone.failed', { message: describeOutboxError(outcome.entry) ?? '' }));
        return;
      }
      setOpened(false);
      setName('');
      setTouched(false);
      showSaveOutcome(outcome, () => void navigate('/sync'));
      if (outcome.kind === 'applied') {
        // the new unit's screen reads the units: not the list from before the clone
        await invalidateAfterWrite(queryClient, { queryKey: ['units'] });
        void navigate(cloneScreenOf(org, unit.type, uuid));
      } else void navigate(`/organization/${org}/ous/${uuid}`);
    } finally {
      setBusy(false);
    }
  }

  const type = unitTypeLabel(unit.type).toLocaleLowerCase();
  return (
    <>
      <Button variant="default" size="xs" onClick={() => setOpened(true)}>
        {t('units.clone')}
      </Button>
      <AppModal opened={opened} onClose={close} title={t('units.clone.title', { name: unit.name })} size={450}>
        <form
          noValidate
          aria-label={t('units.clone.title', { name: unit.name })}
          onSubmit={(event) => {
            event.preventDefault();
            void submit();
          }}
        >
          <Stack gap="md">
            <Text size="sm">{t('units.clone.text', { type, name: unit.name, hotelParts: unit.type === 'HOTEL' ? t('units.clone.hotelParts') : '' })}</Text>
            <UnitNameInput
              data-autofocus
              label={t('units.clone.name')}
              required
              value={name}
              onChange={(next) => setName(cutName(next))}
              onBlur={() => setTouched(true)}
              error={nameError}
              disabled={busy}
            />
            {problem && (
              <Alert color="red" role="alert">
                {problem}
              </Alert>
            )}
            <Group justify="flex-end">
              <Button variant="default" onClick={close} disabled={busy}>
                {t('modal.cancel')}
              </Button>
              <Button type="submit" loading={busy}>
                {t('units.clone.submit')}
              </Button>
            </Group>
          </Stack>
        </form>
      </AppModal>
    </>
  );
}
