import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { ActionIcon, Button, Group, Paper, Stack, Text, VisuallyHidden } from '@mantine/core';
import type { UnitScope } from '../../../domain';
import { t } from '../../../i18n';
import { notify, QueuedSetTitle, type QueuedSet } from '../../../ui';
import { queueFavorites, type OrderItemRow } from '../api/order-items';

interface FavoritesSectionProps {
  scope: UnitScope;
  userUuid: string | null;
  items: readonly OrderItemRow[];
  /** the favourites in order as served and queued (useQueuedSet) */
  favorites: QueuedSet;
}

type Control = 'handle' | 'up' | 'down';

/** `order` with the uuid at `from` moved to `to`. */
export function moved(order: readonly string[], from: number, to: number): string[] {
  const next = [...order];
  const [uuid] = next.splice(from, 1);
  if (uuid !== undefined) next.splice(Math.max(0, Math.min(to, next.length)), 0, uuid);
  return next;
}

/**
 * "Favorites": the favourite items in order, reordered by drag, by a focused handle with ArrowUp and
 * ArrowDown, or with Move up and Move down; each move is announced. Save queues the order
 * (PUT …/favorites) through the outbox; until the gateway applies it the list is marked waiting.
 */
export function FavoritesSection({ scope, userUuid, items, favorites }: FavoritesSectionProps) {
  const order = favorites.value;
  const [announcement, setAnnouncement] = useState('');
  const [dragging, setDragging] = useState<number | null>(null);
  const controls = useRef(new Map<string, HTMLButtonElement | null>());
  const [focusNext, setFocusNext] = useState<string | null>(null);
  useEffect(() => {
    if (focusNext === null) return;
    // the moved row's control keeps focus; Move up on the first row is disabled, so its handle takes it
    const target = controls.current.get(focusNext);
    (target && !target.disabled ? target : controls.current.get(`${focusNext.split(':')[0] ?? ''}:handle`))?.focus();
    setFocusNext(null);
  }, [focusNext, order]);

  const nameOf = (uuid: string) => items.find((item) => item.uuid === uuid)?.name ?? t('item.notFound');
  const move = (from: number, to: number, control: Control | null) => {
    if (to < 0 || to >= order.length || from === to) return;
    const uuid = order[from] as string;
    favorites.change(moved(order, from, to));
    setAnnouncement(t('favorites.moved', { name: nameOf(uuid), place: to + 1, count: order.length }));
    if (control) setFocusNext(`${uuid}:${control}`);
  };
  const onHandleKey = (event: KeyboardEvent, index: number) => {
    if (event.key !== 'ArrowUp' && event.key !== 'ArrowDown') return;
    event.preventDefault();
    move(index, event.key === 'ArrowUp' ? index - 1 : index + 1, 'handle');
  };
  const save = async () => {
    if (!userUuid) return;
    await favorites.save((uuids) => queueFavorites(scope, userUuid, uuids));
    notify(t('favorites.saved'));
  };
  const ref = (id: string) => (element: HTMLButtonElement | null) => void controls.current.set(id, element);

  return (
    <Stack gap="md">
      <QueuedSetTitle set={favorites} saveLabel={t('favorites.save')} canSave={userUuid !== null} onSave={() => void save()}>
        {t('favorites.title')}
      </QueuedSetTitle>
      <Text c="dimmed" size="sm">
        {t('favorites.intro')}
      </Text>
      {order.length === 0 && <Text>{t('favorites.empty')}</Text>}
      <Stack component="ol" gap={4} aria-label={t('favorites.listLabel')} p={0} m={0} style={{ listStyle: 'none' }}>
        {order.map((uuid, index) => {
          const name = nameOf(uuid);
          return (
            <Paper
              component="li"
              key={uuid}
              withBorder
              p="xs"
              draggable
              onDragStart={() => setDragging(index)}
              onDragOver={(event) => event.preventDefault()}
              onDrop={() => {
                if (dragging !== null) move(dragging, index, null);
                setDragging(null);
              }}
              style={{ opacity: dragging === index ? 0.5 : 1 }}
            >
              <Group gap="xs" wrap="nowrap">
                <ActionIcon ref={ref(`${uuid}:handle`)} variant="subtle" color="gray" aria-label={t('favorites.handle', { name })} onKeyDown={(event) => onHandleKey(event, index)} style={{ cursor: 'grab' }}>
                  <span aria-hidden="true">⠿</span>
                </ActionIcon>
                <Text size="sm" c="dimmed" w={24} ta="right">
                  {index + 1}
                </Text>
                <Text size="sm" style={{ flex: 1, minWidth: 0, overflowWrap: 'anywhere' }}>
                  {name}
                </Text>
                <Button ref={ref(`${uuid}:up`)} size="compact-xs" variant="default" aria-label={t('favorites.moveUp', { name })} disabled={index === 0} onClick={() => move(index, index - 1, 'up')}>
                  {t('favorites.moveUpShort')}
                </Button>
                <Button ref={ref(`${uuid}:down`)} size="compact-xs" variant="default" aria-label={t('favorites.moveDown', { name })} disabled={index === order.length - 1} onClick={() => move(index, index + 1, 'down')}>
                  {t('favorites.moveDownShort')}
                </Button>
              </Group>
            </Paper>
          );
        })}
      </Stack>
      <VisuallyHidden aria-live="polite">{announcement}</VisuallyHidden>
    </Stack>
  );
}
