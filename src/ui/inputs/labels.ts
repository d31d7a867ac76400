/**
 * The catalogue entries of what the domain names: chip problems, unit attribute keys, groups and
 * enum values, placement refusals. Typed so that a key the registry gains without a label fails
 * the typecheck.
 */
import type { AttributeGroup, AttributeKey, ChipMessage, ChipProblem, PlacementMessage, TriState } from '../../domain';
import { PLACEMENT_MESSAGES } from '../../domain';
import { t, type MessageKey } from '../../i18n';

const CHIP_MESSAGE_KEYS: Record<ChipMessage, MessageKey> = {
  invalidEmail: 'inputs.chips.invalidEmail',
  alreadyAdded: 'inputs.chips.alreadyAdded',
  notANumber: 'inputs.chips.notANumber',
  notAvailablePackage: 'inputs.chips.notAvailablePackage',
  discountAlreadyAdded: 'inputs.chips.discountAlreadyAdded',
  discountUnknown: 'inputs.chips.discountUnknown',
  discountDeactivated: 'inputs.chips.discountDeactivated',
};

/** A rejected chip entry in the interface language. */
export function chipProblemText(problem: ChipProblem): string {
  return t(CHIP_MESSAGE_KEYS[problem.message], problem.params);
}

/** The label of a unit attribute ('Tip percentages'). */
export function attributeLabel(key: AttributeKey): string {
  const messageKey: `unitAttribute.${AttributeKey}` & MessageKey = `unitAttribute.${key}`;
  return t(messageKey);
}

/** The title of a group of unit settings ('Regional information'). */
export function attributeGroupLabel(group: AttributeGroup): string {
  const messageKey: `unitAttributeGroup.${AttributeGroup}` & MessageKey = `unitAttributeGroup.${group}`;
  return t(messageKey);
}

const OPTION_KEYS: Readonly<Record<string, MessageKey>> = {
  HOTEL: 'unitAttribute.option.HOTEL',
  VENUE: 'unitAttribute.option.VENUE',
  REVENUE_CENTER: 'unitAttribute.option.REVENUE_CENTER',
  PIN: 'unitAttribute.option.PIN',
  CREDENTIALS: 'unitAttribute.option.CREDENTIALS',
  STARTS_WITH: 'unitAttribute.option.STARTS_WITH',
  CONTAINS: 'unitAttribute.option.CONTAINS',
};

/** The label of a value of an enum attribute (TYPE, POI_EMPLOYEE_IDENTIFICATION_METHOD, POI_SEARCH_FILTER_BEHAVIOR); the value itself when unknown. */
export function attributeOptionLabel(value: string): string {
  const key = Object.hasOwn(OPTION_KEYS, value) ? OPTION_KEYS[value] : undefined;
  return key ? t(key) : value;
}

const PLACEMENT_KEYS: Record<keyof typeof PLACEMENT_MESSAGES, MessageKey> = {
  cycle: 'unitPlacement.cycle',
  revenueCenterParent: 'unitPlacement.revenueCenterParent',
  parentMissing: 'unitPlacement.parentMissing',
  hasChildren: 'unitPlacement.hasChildren',
};

/** A placement refusal of src/domain/unit-placement.ts in the interface language. */
export function placementMessageText(message: PlacementMessage): string {
  const name = (Object.keys(PLACEMENT_MESSAGES) as (keyof typeof PLACEMENT_MESSAGES)[]).find((candidate) => PLACEMENT_MESSAGES[candidate] === message);
  return name ? t(PLACEMENT_KEYS[name]) : message;
}

/** The visible name of a tri-state ('Off', 'Inherit', 'On'). */
export function triStateLabel(state: TriState): string {
  return t(`inputs.triState.${state}`);
}
