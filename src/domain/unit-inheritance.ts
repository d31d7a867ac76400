/**
 * Inherited unit attributes (spec section 3; docs/architecture.md, "Resources"): a unit's value of
 * an inheritable attribute comes from the nearest of itself, its ancestors and the organization that
 * sets it, and says where it came from. null (a tri-state's UNDEFINED among them) or no entry means
 * "not set here", so resetting a value to inherit is writing null. Placement rules of the unit tree
 * live in unit-placement.ts.
 */
import type { Attributes } from './organization';
import { INHERITABLE_ATTRIBUTE_KEYS, isAttributeKey, isInheritable, type AttributeKey } from './unit-attributes';

/** A unit as the resolver needs it (an OrganizationalUnit is one). */
export interface TreeUnit {
  uuid: string;
  /** null: directly under the organization */
  parentUuid: string | null;
  name: string;
  attributes: Attributes;
}

/** An organization with its attributes (the root every unit inherits from) and all its units. */
export interface AttributeTree {
  uuid: string;
  name: string;
  attributes: Attributes;
  units: readonly TreeUnit[];
}

export type AttributeSource = 'self' | 'inherited';

export interface ResolvedAttribute {
  /** the stored string (decodeAttribute reads it) */
  value: string;
  /** self: the unit sets it; inherited: an ancestor or the organization does */
  source: AttributeSource;
  /** the unit or organization that sets it, and its name */
  fromUuid: string;
  fromName: string;
}

export interface EffectiveAttribute extends ResolvedAttribute {
  /**
   * For a value the unit sets itself: what it would inherit after a reset (null: nothing, or the
   * attribute is not inheritable). Absent for inherited values.
   */
  inherited?: ResolvedAttribute | null;
}

/** A unit's effective attributes: each key set on it or above it. */
export type EffectiveAttributes = Partial<Record<AttributeKey, EffectiveAttribute>>;

/** What descendants inherit from a node: for each inheritable key, the nearest entry that sets it. */
type InheritedView = Partial<Record<AttributeKey, ResolvedAttribute>>;

const isSet = (value: string | null | undefined): value is string => value !== null && value !== undefined;

/** The values `attributes` sets itself, as registry keys (unknown keys and nulls left out). */
function ownEntries(attributes: Attributes): [AttributeKey, string][] {
  const entries: [AttributeKey, string][] = [];
  for (const [key, value] of Object.entries(attributes)) if (isAttributeKey(key) && isSet(value)) entries.push([key, value]);
  return entries;
}

/** What a node passes on: its parent's view, with the inheritable values it sets itself taking over. */
function viewBelow(parentView: InheritedView, node: { uuid: string; name: string; attributes: Attributes }): InheritedView {
  const view: InheritedView = { ...parentView };
  for (const [key, value] of ownEntries(node.attributes)) {
    if (isInheritable(key)) view[key] = { value, source: 'inherited', fromUuid: node.uuid, fromName: node.name };
  }
  return view;
}

/** A unit's effective attributes from its parent's view and its own values. */
function effectiveOf(parentView: InheritedView, unit: TreeUnit): EffectiveAttributes {
  const effective: EffectiveAttributes = {};
  for (const key of INHERITABLE_ATTRIBUTE_KEYS) {
    const inherited = parentView[key];
    if (inherited) effective[key] = inherited;
  }
  for (const [key, value] of ownEntries(unit.attributes)) {
    effective[key] = { value, source: 'self', fromUuid: unit.uuid, fromName: unit.name, inherited: isInheritable(key) ? (parentView[key] ?? null) : null };
  }
  return effective;
}

/**
 * The parent each unit is resolved under: its own, except for a unit whose parent is not in the
 * tree and a unit on a cycle of parents, which sit directly under the organization (null). The
 * placement rules (unit-placement.ts) keep such trees from being made; stored data that has one
 * anyway still resolves, the same way for one unit as for all.
 */
function effectiveParents(units: readonly TreeUnit[]): { parents: Map<string, string | null>; detached: string[] } {
  const byUuid = new Map(units.map((unit) => [unit.uuid, unit]));
  const state = new Map<string, 'walking' | 'done'>();
  const onCycle = new Set<string>();
  for (const unit of units) {
    const path: string[] = [];
    let current: TreeUnit | undefined = unit;
    while (current && !state.has(current.uuid)) {
      state.set(current.uuid, 'walking');
      path.push(current.uuid);
      current = current.parentUuid === null ? undefined : byUuid.get(current.parentUuid);
    }
    if (current && state.get(current.uuid) === 'walking') for (const uuid of path.slice(path.indexOf(current.uuid))) onCycle.add(uuid);
    for (const uuid of path) state.set(uuid, 'done');
  }
  const parents = new Map<string, string | null>();
  const detached: string[] = [];
  for (const unit of units) {
    const attached = unit.parentUuid === null || (byUuid.has(unit.parentUuid) && !onCycle.has(unit.uuid));
    if (!attached) detached.push(unit.uuid);
    parents.set(unit.uuid, attached ? unit.parentUuid : null);
  }
  return { parents, detached };
}

/** Units whose parent is not in the tree or that sit on a cycle of parents: resolved as if directly under the organization. */
export function detachedUnits(units: readonly TreeUnit[]): string[] {
  return effectiveParents(units).detached;
}

/**
 * The effective attributes of every unit of the tree in one pass, parents before children:
 * O(units × keys), each unit's view of what it passes on built once from its parent's.
 */
export function resolveAllUnits(tree: AttributeTree): Map<string, EffectiveAttributes> {
  const { parents } = effectiveParents(tree.units);
  const children = new Map<string | null, TreeUnit[]>();
  for (const unit of tree.units) {
    const parent = parents.get(unit.uuid) ?? null;
    const siblings = children.get(parent);
    if (siblings) siblings.push(unit);
    else children.set(parent, [unit]);
  }
  const resolved = new Map<string, EffectiveAttributes>();
  const rootView = viewBelow({}, tree);
  const queue: [TreeUnit, InheritedView][] = (children.get(null) ?? []).map((unit) => [unit, rootView]);
  for (let index = 0; index < queue.length; index += 1) {
    const [unit, parentView] = queue[index] as [TreeUnit, InheritedView];
    resolved.set(unit.uuid, effectiveOf(parentView, unit));
    const below = children.get(unit.uuid);
    if (!below) continue;
    const view = viewBelow(parentView, unit);
    for (const child of below) queue.push([child, view]);
  }
  return resolved;
}

/** One unit's effective attributes from its chain of ancestors alone, O(depth × keys); null for a unit not in the tree. */
export function resolveUnitAttributes(tree: AttributeTree, unitUuid: string): EffectiveAttributes | null {
  const byUuid = new Map(tree.units.map((unit) => [unit.uuid, unit]));
  const unit = byUuid.get(unitUuid);
  if (!unit) return null;
  // the unit, then its ancestors up to the one under the organization
  const chain: TreeUnit[] = [unit];
  const position = new Map([[unit.uuid, 0]]);
  for (;;) {
    const top = chain[chain.length - 1] as TreeUnit;
    const parent = top.parentUuid === null ? undefined : byUuid.get(top.parentUuid);
    if (!parent) break; // under the organization, or a parent not in the tree
    const seenAt = position.get(parent.uuid);
    if (seenAt !== undefined) {
      // a cycle: its first unit on the way up sits under the organization, as in resolveAllUnits
      chain.length = seenAt + 1;
      break;
    }
    position.set(parent.uuid, chain.length);
    chain.push(parent);
  }
  let view = viewBelow({}, tree);
  for (let index = chain.length - 1; index >= 1; index -= 1) view = viewBelow(view, chain[index] as TreeUnit);
  return effectiveOf(view, unit);
}

/** What a unit would have for `key` after resetting it to inherit. */
export function inheritedValueOf(effective: EffectiveAttributes, key: AttributeKey): ResolvedAttribute | null {
  const entry = effective[key];
  if (!entry) return null;
  return entry.source === 'self' ? (entry.inherited ?? null) : entry;
}

/** The attributes with `key` reset to inherit: written as null, so a merge or a PUT clears it. */
export function resetToInherit(attributes: Attributes, key: AttributeKey): Attributes {
  return { ...attributes, [key]: null };
}

/** What a new unit placed under a parent inherits, per key: the value and who sets it. */
export type InheritedValues = Partial<Record<AttributeKey, ResolvedAttribute>>;

/** A uuid no unit has: the place of the unit being created, in the tree resolved for it. */
const NEW_UNIT = 'new-unit';

/**
 * What a unit placed under `parentUuid` (null: the organization) inherits: resolved over the
 * organization and the units as shown (queued changes applied), so a parent created offline passes
 * on what it sets. Without the organization (it could not be read), the parent's effective values
 * as the gateway answered them.
 */
export function inheritedUnder(
  organization: Pick<AttributeTree, 'uuid' | 'name' | 'attributes'> | undefined,
  units: readonly (TreeUnit & { effective?: EffectiveAttributes | undefined })[],
  parentUuid: string | null,
): InheritedValues {
  if (organization) {
    const newUnit: TreeUnit = { uuid: NEW_UNIT, parentUuid, name: '', attributes: {} };
    const tree: AttributeTree = { uuid: organization.uuid, name: organization.name, attributes: organization.attributes, units: [...units, newUnit] };
    return (resolveUnitAttributes(tree, NEW_UNIT) ?? {}) as InheritedValues;
  }
  const parent = parentUuid === null ? undefined : units.find((unit) => unit.uuid === parentUuid);
  const values: InheritedValues = {};
  for (const [key, entry] of Object.entries(parent?.effective ?? {}) as [AttributeKey, ResolvedAttribute | undefined][]) {
    if (entry) values[key] = { value: entry.value, source: 'inherited', fromUuid: entry.fromUuid, fromName: entry.fromName };
  }
  return values;
}
