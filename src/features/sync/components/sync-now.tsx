import { Stack, Text } from '@mantine/core';
import { plural, t } from '../../../i18n';
import { listEntries, requestSync, syncStatus, type DrainResult, type OutboxEntry } from '../../../offline';
import { notify, type NoticeTone } from '../../../ui';

/** How long 'Sync now' waits for the replay it started before it stops waiting to report. */
export const SYNC_REPORT_TIMEOUT_MS = 60_000;

/**
 * Asks the page's scheduler for a replay now and resolves with its result once it has finished;
 * null when no replay started (nobody signed in to send for) or it did not end within `timeoutMs`.
 */
export function syncAndWait(timeoutMs = SYNC_REPORT_TIMEOUT_MS): Promise<DrainResult | null> {
  const before = syncStatus.get().lastResult;
  return new Promise((resolve) => {
    let settled = false;
    let started = false;
    const finish = (result: DrainResult | null) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      unsubscribe();
      resolve(result);
    };
    const unsubscribe = syncStatus.subscribe(() => {
      const status = syncStatus.get();
      if (status.draining) started = true;
      else if (started) finish(status.lastResult !== before ? status.lastResult : null);
    });
    const timer = setTimeout(() => finish(null), timeoutMs);
    requestSync();
    // a replay starts at once (it marks itself draining before its first await): none started, nothing to wait for
    if (syncStatus.get().draining) started = true;
    else finish(null);
  });
}

const stillQueued = (entries: readonly OutboxEntry[]) => entries.filter((entry) => entry.status === 'pending' || entry.status === 'sending').length;

/** Why a replay stopped with changes still to send, in the notice's words; null when it stopped otherwise. */
function stopReason(result: DrainResult, left: readonly OutboxEntry[]): string | null {
  switch (result.stoppedBy) {
    case 'network':
      return plural('sync.now.unreachable', stillQueued(left));
    case 'server':
      return t('sync.now.server');
    case 'auth':
      return t('sync.now.session');
    case 'busy':
      return t('sync.now.busy');
    default:
      return null;
  }
}

/** The lines of the notice after 'Sync now', and its tone: what was sent, refused, in conflict, and why it stopped. */
export function describeSync(result: DrainResult | null, left: readonly OutboxEntry[]): { lines: string[]; tone: NoticeTone } {
  if (result === null) return { lines: [t('sync.now.notStarted')], tone: 'problem' };
  const lines: string[] = [];
  if (result.applied > 0) lines.push(plural('sync.now.sent', result.applied));
  if (result.failed > 0) lines.push(plural('sync.now.refused', result.failed));
  if (result.conflicts > 0) lines.push(plural('sync.now.conflicts', result.conflicts));
  let tone: NoticeTone = result.failed > 0 ? 'problem' : result.conflicts > 0 ? 'attention' : 'done';
  const stopped = stopReason(result, left);
  if (stopped !== null) {
    lines.push(stopped);
    if (tone === 'done') tone = 'waiting';
  } else if (result.stoppedBy === 'empty' && lines.length === 0) lines.push(left.length === 0 ? t('sync.now.nothing') : t('sync.now.nothingToSend'));
  return { lines, tone };
}

/** 'Sync now': replays the outbox, then says in a notice what it did (sent N, nothing to send, gateway unreachable, …). */
export async function syncNowAndReport(userUuid: string | null): Promise<void> {
  const result = await syncAndWait();
  const left = userUuid ? await listEntries(userUuid) : [];
  const { lines, tone } = describeSync(result, left);
  notify(
    <Stack gap={2}>
      {lines.map((line) => (
        <Text key={line} size="sm">
          {line}
        </Text>
      ))}
    </Stack>,
    tone,
  );
}
