import { useId, useState, type KeyboardEvent, type MouseEvent } from 'react';
import { Box, Stack, Text, TextInput } from '@mantine/core';
import { filterByLabel, isPickable, rangeOf, SELECTOR_LIST_MIN_HEIGHT, type DualListItem } from '../../domain';
import { t } from '../../i18n';

export interface DualListPanelProps {
  list: 'available' | 'selected';
  title: string;
  searchLabel: string;
  /** shown when the list has no items at all */
  emptyText: string;
  /** the list's items, sorted */
  items: readonly (DualListItem & { missing?: true })[];
  /** the search, and its change (the highlight keeps only items still shown) */
  query: string;
  onQueryChange: (query: string) => void;
  /** the highlighted values (what the move buttons move) */
  highlighted: readonly string[];
  onHighlight: (values: string[]) => void;
  /** Enter or a double click: move the highlighted values (or this one) to the other list */
  onMove: (values: string[]) => void;
  disabled?: boolean;
}

const frame = {
  minHeight: SELECTOR_LIST_MIN_HEIGHT,
  maxHeight: SELECTOR_LIST_MIN_HEIGHT * 2,
  overflowY: 'auto' as const,
  border: '1px solid var(--mantine-color-default-border)',
  borderRadius: 'var(--mantine-radius-sm)',
};

/**
 * One list of the dual-list selector: a search field and a multi-select listbox. Click highlights
 * one item, Ctrl or Cmd-click adds or removes one, Shift-click a range; with the keyboard the arrows
 * move, Shift+arrows extend a range, Space toggles, Ctrl+A highlights all shown, Enter moves.
 * Deactivated items of the available list cannot be highlighted.
 */
export function DualListPanel({ list, title, searchLabel, emptyText, items, query, onQueryChange, highlighted, onHighlight, onMove, disabled }: DualListPanelProps) {
  const id = useId();
  const titleId = `${id}-title`;
  const [active, setActive] = useState<string | null>(null);
  const [anchor, setAnchor] = useState<string | null>(null);
  const shown = filterByLabel(items, query);
  const labelOf = (item: DualListItem & { missing?: true }) => (item.missing ? t('inputs.chips.notFound') : item.label);
  const activeIndex = shown.findIndex((item) => item.value === active);
  const optionId = (index: number) => `${id}-option-${index}`;
  const pickable = (value: string) => {
    const item = shown.find((candidate) => candidate.value === value);
    return item !== undefined && isPickable(item, list);
  };

  const search = (next: string) => {
    onQueryChange(next);
    const stillShown = new Set(filterByLabel(items, next).map((item) => item.value));
    if (highlighted.some((value) => !stillShown.has(value))) onHighlight(highlighted.filter((value) => stillShown.has(value)));
  };

  const click = (event: MouseEvent, item: DualListItem) => {
    if (disabled) return;
    setActive(item.value);
    if (!isPickable(item, list)) return;
    if (event.shiftKey) {
      onHighlight(rangeOf(shown, anchor, item.value, list));
      return;
    }
    setAnchor(item.value);
    if (event.ctrlKey || event.metaKey) onHighlight(highlighted.includes(item.value) ? highlighted.filter((value) => value !== item.value) : [...highlighted, item.value]);
    else onHighlight([item.value]);
  };

  const moveActive = (index: number, extend: boolean) => {
    const item = shown[Math.max(0, Math.min(shown.length - 1, index))];
    if (!item) return;
    setActive(item.value);
    document.getElementById(optionId(shown.indexOf(item)))?.scrollIntoView?.({ block: 'nearest' });
    if (extend) {
      const from = anchor ?? active ?? item.value;
      if (anchor === null) setAnchor(from);
      onHighlight(rangeOf(shown, from, item.value, list));
    }
  };

  const keyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (disabled || shown.length === 0) return;
    const current = activeIndex < 0 ? -1 : activeIndex;
    switch (event.key) {
      case 'ArrowDown':
        moveActive(current + 1, event.shiftKey);
        break;
      case 'ArrowUp':
        moveActive(current < 0 ? 0 : current - 1, event.shiftKey);
        break;
      case 'Home':
        moveActive(0, event.shiftKey);
        break;
      case 'End':
        moveActive(shown.length - 1, event.shiftKey);
        break;
      case ' ':
        if (active !== null && pickable(active)) {
          setAnchor(active);
          onHighlight(highlighted.includes(active) ? highlighted.filter((value) => value !== active) : [...highlighted, active]);
        }
        break;
      case 'Enter':
        if (highlighted.length > 0) onMove([...highlighted]);
        break;
      case 'a':
      case 'A':
        if (!(event.ctrlKey || event.metaKey)) return;
        onHighlight(shown.filter((item) => isPickable(item, list)).map((item) => item.value));
        break;
      default:
        return;
    }
    event.preventDefault();
  };

  return (
    <Stack gap="xs">
      <Text id={titleId} fw={600}>
        {title}
      </Text>
      <TextInput type="search" aria-label={searchLabel} placeholder={searchLabel} value={query} onChange={(event) => search(event.currentTarget.value)} disabled={disabled} />
      {shown.length === 0 ? (
        <Box style={frame} p="sm">
          <Text c="dimmed" size="sm">
            {items.length === 0 ? emptyText : t('inputs.dualList.noMatch')}
          </Text>
        </Box>
      ) : (
        <Box
          role="listbox"
          aria-labelledby={titleId}
          aria-multiselectable
          aria-disabled={disabled || undefined}
          aria-activedescendant={activeIndex >= 0 ? optionId(activeIndex) : undefined}
          tabIndex={disabled ? -1 : 0}
          onKeyDown={keyDown}
          onFocus={() => active === null && setActive(shown[0]?.value ?? null)}
          style={frame}
          py={4}
        >
          {shown.map((item, index) => {
            const isHighlighted = highlighted.includes(item.value);
            const blocked = !isPickable(item, list);
            return (
              <Box
                key={item.value}
                id={optionId(index)}
                role="option"
                aria-selected={isHighlighted}
                aria-disabled={blocked || undefined}
                onClick={(event) => click(event, item)}
                onDoubleClick={() => !disabled && !blocked && onMove([item.value])}
                px="sm"
                py={4}
                style={{
                  cursor: blocked ? 'not-allowed' : 'pointer',
                  userSelect: 'none',
                  background: isHighlighted ? 'var(--mantine-primary-color-light)' : undefined,
                  fontWeight: isHighlighted ? 600 : undefined,
                  outline: index === activeIndex ? '2px solid var(--mantine-primary-color-filled)' : undefined,
                  outlineOffset: -2,
                }}
              >
                <Text span size="sm" c={blocked ? 'dimmed' : undefined} fw="inherit">
                  {isHighlighted ? '✓ ' : ''}
                  {labelOf(item)}
                  {item.disabled ? ` (${t('inputs.dualList.deactivated')})` : ''}
                </Text>
              </Box>
            );
          })}
        </Box>
      )}
    </Stack>
  );
}
