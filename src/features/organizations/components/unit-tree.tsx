/**
 * The organization's unit tree (spec section 3, "Organization tree node"): hotels, venues and
 * revenue centers as a WAI-ARIA tree, with a name search, expand and collapse per node and for all,
 * and a 'Waiting to sync' badge on units changed offline and still queued.
 *
 * Rows are one flat list of the visible nodes (visibleTreeRows, memoized), rendered as plain list
 * items styled by one shared stylesheet over Mantine's CSS variables: no Mantine component per
 * row, so 500 units render in one cheap pass. The tree is flat in the DOM; aria-level, aria-setsize
 * and aria-posinset give its shape to assistive technology. A row's accessible name is the words it
 * shows, in order: the unit's name, its type and 'Waiting to sync' when queued (label in name, WCAG
 * 2.5.3); the toggle's arrow is a symbol, not a word.
 */
import { useId, useMemo, useRef, useState, type CSSProperties, type FocusEvent, type KeyboardEvent, type MouseEvent } from 'react';
import { Button, Group, Stack, Text, TextInput } from '@mantine/core';
import type { UnitTreeNode, UnitType } from '../../../domain';
import { t, type MessageKey } from '../../../i18n';

/** One visible row of the tree, in display order. */
export interface UnitTreeRow {
  uuid: string;
  name: string;
  type: UnitType;
  /** 1 for a root */
  level: number;
  /** whether it has children to show (while searching: children still shown by the search) */
  hasChildren: boolean;
  expanded: boolean;
  /** how many siblings are shown, itself included, and its place among them (from 1) */
  setsize: number;
  posinset: number;
  /** its parent unit; null for a root */
  parentUuid: string | null;
  /** its name contains the search (false with no search) */
  match: boolean;
}

const NO_UUIDS: ReadonlySet<string> = new Set();

/**
 * The rows a tree shows, in order: each node, then its children when it is expanded. With a
 * `query` (trimmed, case-insensitive, contained in the name) only matches and their ancestors are
 * shown, and every ancestor of a match is expanded; below a match its whole subtree can be browsed
 * by `expanded`. `collapsed` names nodes closed while searching, which wins over both. `keep` (the
 * selected unit, whose detail is open) is shown with its ancestors even when it does not match.
 */
export function visibleTreeRows(nodes: readonly UnitTreeNode[], expanded: ReadonlySet<string>, query: string, collapsed: ReadonlySet<string> = NO_UUIDS, keep: string | null = null): UnitTreeRow[] {
  const needle = query.trim().toLocaleLowerCase();
  const matches = new Set<string>();
  /** nodes with a matching (or kept) descendant */
  const leadsToMatch = new Set<string>();
  if (needle) {
    const mark = (node: UnitTreeNode): boolean => {
      let below = false;
      for (const child of node.children) if (mark(child)) below = true;
      if (below) leadsToMatch.add(node.uuid);
      const self = node.name.toLocaleLowerCase().includes(needle);
      if (self) matches.add(node.uuid);
      return self || below || node.uuid === keep;
    };
    for (const root of nodes) mark(root);
  }
  const shownBySearch = (node: UnitTreeNode) => matches.has(node.uuid) || leadsToMatch.has(node.uuid) || node.uuid === keep;

  const rows: UnitTreeRow[] = [];
  /** `all`: no search, or below a match: every child is shown, not only those on the way to a match */
  const walk = (list: readonly UnitTreeNode[], level: number, parentUuid: string | null, all: boolean) => {
    const shown = all ? list : list.filter(shownBySearch);
    shown.forEach((node, index) => {
      const match = matches.has(node.uuid);
      const allBelow = all || match;
      const hasChildren = allBelow ? node.children.length > 0 : leadsToMatch.has(node.uuid);
      const open = hasChildren && !collapsed.has(node.uuid) && (expanded.has(node.uuid) || leadsToMatch.has(node.uuid));
      rows.push({ uuid: node.uuid, name: node.name, type: node.type, level, hasChildren, expanded: open, setsize: shown.length, posinset: index + 1, parentUuid, match });
      if (open) walk(node.children, level + 1, node.uuid, allBelow);
    });
  };
  walk(nodes, 1, null, !needle);
  return rows;
}

/** The uuid of every node that has children: what 'Expand all' opens. */
export function expandableUuids(nodes: readonly UnitTreeNode[]): Set<string> {
  const uuids = new Set<string>();
  const visit = (list: readonly UnitTreeNode[]) => {
    for (const node of list) {
      if (node.children.length === 0) continue;
      uuids.add(node.uuid);
      visit(node.children);
    }
  };
  visit(nodes);
  return uuids;
}

const TYPE_KEYS: Record<UnitType, MessageKey> = {
  HOTEL: 'unitAttribute.option.HOTEL',
  VENUE: 'unitAttribute.option.VENUE',
  REVENUE_CENTER: 'unitAttribute.option.REVENUE_CENTER',
};

/** The visible name of a unit type ('Revenue center'). */
export function unitTypeLabel(type: UnitType): string {
  return t(TYPE_KEYS[type]);
}

export interface UnitTreeProps {
  /** the roots, from buildUnitTree */
  nodes: readonly UnitTreeNode[];
  selectedUuid?: string | null;
  onSelect: (uuid: string) => void;
  /** units created or changed offline and still queued in the outbox */
  pendingUuids?: ReadonlySet<string>;
  /** accessible name of the tree */
  label: string;
}

// One stylesheet for every row, hoisted and deduplicated by React; colors are Mantine's (the light
// badge variant of the theme, readable at WCAG AA), so it follows the theme and the color scheme.
const STYLES = `
.lobby-unit-tree{list-style:none;margin:0;padding:0}
.lobby-unit-tree-item{display:flex;align-items:center;gap:var(--mantine-spacing-xs);min-height:2rem;padding:2px var(--mantine-spacing-xs);padding-inline-start:calc(var(--mantine-spacing-xs) + var(--unit-tree-depth, 0) * 1.5rem);border-radius:var(--mantine-radius-sm);font-size:var(--mantine-font-size-sm);cursor:pointer;user-select:none}
.lobby-unit-tree-item:hover{background-color:var(--mantine-color-default-hover)}
.lobby-unit-tree-item[aria-selected=true]{background-color:var(--mantine-primary-color-light);color:var(--mantine-primary-color-light-color);font-weight:600}
.lobby-unit-tree-toggle{display:inline-flex;align-items:center;justify-content:center;flex:none;inline-size:1.5rem;block-size:1.5rem;padding:0;border:0;border-radius:var(--mantine-radius-sm);background:none;color:inherit;font:inherit;cursor:pointer}
.lobby-unit-tree-toggle:hover{background-color:var(--mantine-color-default-hover)}
.lobby-unit-tree-toggle>span{display:inline-block;transition:transform 120ms ease}
.lobby-unit-tree-toggle[data-expanded]>span{transform:rotate(90deg)}
.lobby-unit-tree-spacer{flex:none;inline-size:1.5rem}
.lobby-unit-tree-name{min-inline-size:0;overflow:hidden;text-overflow:ellipsis;white-space:nowrap}
.lobby-unit-tree-badge{flex:none;padding:0 0.5rem;border-radius:var(--mantine-radius-xl);font-size:0.625rem;line-height:1.125rem;font-weight:700;letter-spacing:0.02em;text-transform:uppercase;background-color:var(--mantine-color-gray-light);color:var(--mantine-color-gray-light-color)}
.lobby-unit-tree-badge[data-pending]{background-color:var(--mantine-color-blue-light);color:var(--mantine-color-blue-light-color)}
@media (prefers-reduced-motion:reduce){.lobby-unit-tree-toggle>span{transition:none}}
`;

const depthStyles: CSSProperties[] = [];
/** The indentation of a row, one shared style object per level. */
function depthStyle(level: number): CSSProperties {
  return (depthStyles[level] ??= { '--unit-tree-depth': level - 1 } as CSSProperties);
}

interface TreeIndex {
  byUuid: Map<string, UnitTreeNode>;
  parentOf: Map<string, string | null>;
}

function indexTree(nodes: readonly UnitTreeNode[]): TreeIndex {
  const byUuid = new Map<string, UnitTreeNode>();
  const parentOf = new Map<string, string | null>();
  const visit = (list: readonly UnitTreeNode[], parent: string | null) => {
    for (const node of list) {
      byUuid.set(node.uuid, node);
      parentOf.set(node.uuid, parent);
      visit(node.children, node.uuid);
    }
  };
  visit(nodes, null);
  return { byUuid, parentOf };
}

/** What is open before the operator opens or closes anything: roots and their children, and the way to the selected unit. */
function defaultExpansion(nodes: readonly UnitTreeNode[], index: TreeIndex, selectedUuid: string | null | undefined): Set<string> {
  const open = new Set<string>();
  for (const root of nodes) {
    if (root.children.length === 0) continue;
    open.add(root.uuid);
    for (const child of root.children) if (child.children.length > 0) open.add(child.uuid);
  }
  for (let at = selectedUuid ? index.parentOf.get(selectedUuid) : undefined; at; at = index.parentOf.get(at)) open.add(at);
  return open;
}

/**
 * The unit tree: arrows move (Right opens or goes to the first child, Left closes or goes to the
 * parent), Home and End go to the first and last row, Enter or Space selects, '*' opens every
 * sibling, a letter goes to the next unit starting with it. One row is in the tab order.
 */
export function UnitTree({ nodes, selectedUuid = null, onSelect, pendingUuids = NO_UUIDS, label }: UnitTreeProps) {
  const id = useId();
  const treeRef = useRef<HTMLUListElement>(null);
  const [query, setQuery] = useState('');
  /** null until the operator opens or closes something: the default expansion applies, also to data arriving later */
  const [expandedState, setExpandedState] = useState<ReadonlySet<string> | null>(null);
  /** nodes closed while searching (the search opens every ancestor of a match); cleared when the search changes */
  const [searchCollapsed, setSearchCollapsed] = useState<ReadonlySet<string>>(NO_UUIDS);
  const [activeUuid, setActiveUuid] = useState<string | null>(null);

  const index = useMemo(() => indexTree(nodes), [nodes]);
  const defaultExpanded = useMemo(() => defaultExpansion(nodes, index, selectedUuid), [nodes, index, selectedUuid]);
  const expanded = expandedState ?? defaultExpanded;
  const searching = query.trim() !== '';
  // the selected unit stays in view while searching: its detail is open beside the tree
  const rows = useMemo(() => visibleTreeRows(nodes, expanded, query, searching ? searchCollapsed : NO_UUIDS, selectedUuid), [nodes, expanded, query, searching, searchCollapsed, selectedUuid]);
  const anyMatch = !searching || rows.some((row) => row.match);
  const selectedRow = selectedUuid === null ? undefined : rows.find((row) => row.uuid === selectedUuid);
  const keptSelected = searching && selectedRow !== undefined && !selectedRow.match ? selectedRow : undefined;
  const rowIndex = useMemo(() => new Map(rows.map((row, at) => [row.uuid, at])), [rows]);

  // the row in the tab order: the last one focused, else its nearest shown ancestor, else the selected unit, else the first
  let tabStop: string | undefined;
  for (let at: string | null | undefined = activeUuid; at && tabStop === undefined; at = index.parentOf.get(at)) if (rowIndex.has(at)) tabStop = at;
  if (tabStop === undefined && selectedUuid && rowIndex.has(selectedUuid)) tabStop = selectedUuid;
  tabStop ??= rows[0]?.uuid;

  const setOpen = (uuids: readonly string[], open: boolean) => {
    setExpandedState((previous) => {
      const next = new Set(previous ?? defaultExpanded);
      for (const uuid of uuids) {
        if (open) next.add(uuid);
        else next.delete(uuid);
      }
      return next;
    });
    if (searching) {
      setSearchCollapsed((previous) => {
        const next = new Set(previous);
        for (const uuid of uuids) {
          if (open) next.delete(uuid);
          else next.add(uuid);
        }
        return next;
      });
    }
  };

  const expandAll = () => {
    setExpandedState(expandableUuids(nodes));
    setSearchCollapsed(NO_UUIDS);
  };
  const collapseAll = () => {
    setExpandedState(new Set());
    setSearchCollapsed(searching ? expandableUuids(nodes) : NO_UUIDS);
  };

  const focusRow = (uuid: string | undefined) => {
    if (uuid === undefined) return;
    setActiveUuid(uuid);
    treeRef.current?.querySelector<HTMLElement>(`[data-uuid="${uuid}"]`)?.focus();
  };

  const rowOf = (target: EventTarget): { row: UnitTreeRow; element: HTMLElement } | undefined => {
    const element = (target as Element).closest<HTMLElement>('[role="treeitem"]');
    const at = element?.dataset.uuid === undefined ? undefined : rowIndex.get(element.dataset.uuid);
    const row = at === undefined ? undefined : rows[at];
    return element && row ? { row, element } : undefined;
  };

  const keyDown = (event: KeyboardEvent<HTMLUListElement>) => {
    if (event.ctrlKey || event.metaKey || event.altKey) return;
    const hit = rowOf(event.target);
    if (!hit) return;
    const { row } = hit;
    const at = rowIndex.get(row.uuid) ?? 0;
    switch (event.key) {
      case 'ArrowDown':
        focusRow(rows[at + 1]?.uuid);
        break;
      case 'ArrowUp':
        focusRow(rows[at - 1]?.uuid);
        break;
      case 'Home':
        focusRow(rows[0]?.uuid);
        break;
      case 'End':
        focusRow(rows[rows.length - 1]?.uuid);
        break;
      case 'ArrowRight':
        if (!row.hasChildren) break;
        if (row.expanded) focusRow(rows[at + 1]?.uuid);
        else setOpen([row.uuid], true);
        break;
      case 'ArrowLeft':
        if (row.expanded) setOpen([row.uuid], false);
        else if (row.parentUuid !== null) focusRow(row.parentUuid);
        break;
      case 'Enter':
      case ' ':
        onSelect(row.uuid);
        break;
      case '*': {
        const parent = row.parentUuid === null ? undefined : index.byUuid.get(row.parentUuid);
        const siblings = parent ? parent.children : nodes;
        setOpen(
          siblings.filter((sibling) => sibling.children.length > 0).map((sibling) => sibling.uuid),
          true,
        );
        break;
      }
      default: {
        if (event.key.length !== 1 || event.key.trim() === '') return;
        // type-ahead: the next unit whose name starts with the letter, wrapping around
        const letter = event.key.toLocaleLowerCase();
        for (let step = 1; step <= rows.length; step += 1) {
          const candidate = rows[(at + step) % rows.length];
          if (candidate?.name.toLocaleLowerCase().startsWith(letter)) {
            focusRow(candidate.uuid);
            break;
          }
        }
      }
    }
    event.preventDefault();
  };

  const click = (event: MouseEvent<HTMLUListElement>) => {
    const hit = rowOf(event.target);
    if (!hit) return;
    if ((event.target as Element).closest('[data-unit-tree-toggle]')) {
      setOpen([hit.row.uuid], !hit.row.expanded);
      focusRow(hit.row.uuid);
    } else {
      onSelect(hit.row.uuid);
    }
  };

  const focus = (event: FocusEvent<HTMLUListElement>) => {
    const hit = rowOf(event.target);
    if (hit && hit.row.uuid !== activeUuid) setActiveUuid(hit.row.uuid);
  };

  const pendingText = t('pms.pendingSync');
  const typeLabels: Record<UnitType, string> = { HOTEL: unitTypeLabel('HOTEL'), VENUE: unitTypeLabel('VENUE'), REVENUE_CENTER: unitTypeLabel('REVENUE_CENTER') };

  return (
    <Stack gap="sm">
      <style href="lobby-unit-tree" precedence="medium">
        {STYLES}
      </style>
      <Group justify="space-between" gap="sm">
        <TextInput
          type="search"
          placeholder={t('table.search')}
          aria-label={t('table.search')}
          value={query}
          onChange={(event) => {
            setQuery(event.currentTarget.value);
            setSearchCollapsed(NO_UUIDS);
          }}
          maw={360}
          style={{ flexGrow: 1 }}
        />
        <Group gap="xs">
          <Button variant="default" size="xs" onClick={expandAll} disabled={nodes.length === 0}>
            {t('unitTree.expandAll')}
          </Button>
          <Button variant="default" size="xs" onClick={collapseAll} disabled={nodes.length === 0}>
            {t('unitTree.collapseAll')}
          </Button>
        </Group>
      </Group>
      {rows.length > 0 && (
        <ul ref={treeRef} role="tree" aria-label={label} className="lobby-unit-tree" onKeyDown={keyDown} onClick={click} onFocus={focus}>
          {rows.map((row) => {
            const key = `${id}-${row.uuid}`;
            const pending = pendingUuids.has(row.uuid);
            return (
              <li
                key={row.uuid}
                role="treeitem"
                data-uuid={row.uuid}
                aria-level={row.level}
                aria-setsize={row.setsize}
                aria-posinset={row.posinset}
                aria-expanded={row.hasChildren ? row.expanded : undefined}
                aria-selected={row.uuid === selectedUuid}
                // named by what it shows, in order (WCAG 2.5.3): 'Grand Hotel Hotel Waiting to sync'
                aria-labelledby={pending ? `${key}-n ${key}-t ${key}-p` : `${key}-n ${key}-t`}
                tabIndex={row.uuid === tabStop ? 0 : -1}
                className="lobby-unit-tree-item mantine-focus-auto"
                style={depthStyle(row.level)}
              >
                {row.hasChildren ? (
                  <button
                    type="button"
                    tabIndex={-1}
                    data-unit-tree-toggle=""
                    data-expanded={row.expanded || undefined}
                    aria-label={t(row.expanded ? 'unitTree.collapse' : 'unitTree.expand', { name: row.name })}
                    className="lobby-unit-tree-toggle"
                  >
                    <span aria-hidden="true">▸</span>
                  </button>
                ) : (
                  <span className="lobby-unit-tree-spacer" />
                )}
                {/* spaces between the words, as the name reads them (a flex row does not render them) */}{' '}
                <span id={`${key}-n`} className="lobby-unit-tree-name">
                  {row.name}
                </span>{' '}
                <span id={`${key}-t`} className="lobby-unit-tree-badge">
                  {typeLabels[row.type]}
                </span>
                {pending && ' '}
                {pending && (
                  <span id={`${key}-p`} className="lobby-unit-tree-badge" data-pending="">
                    {pendingText}
                  </span>
                )}
              </li>
            );
          })}
        </ul>
      )}
      <div role="status">
        {(rows.length === 0 || !anyMatch) && (
          <Text c="dimmed" ta="center" py="md">
            {nodes.length > 0 && searching ? t('table.noMatch', { query: query.trim() }) : t('unitTree.empty')}
          </Text>
        )}
        {keptSelected && (
          <Text c="dimmed" size="xs">
            {t('unitTree.selectedKept', { name: keptSelected.name })}
          </Text>
        )}
      </div>
    </Stack>
  );
}
