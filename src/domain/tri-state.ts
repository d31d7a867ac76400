/**
 * The tri-state switch (spec sections 3 and 4): OFF, UNDEFINED and ON. UNDEFINED is passed on as
 * null, which for a unit attribute means "not set here: inherit" (src/domain/unit-inheritance.ts).
 */
export const TRI_STATES = ['OFF', 'UNDEFINED', 'ON'] as const;
export type TriState = (typeof TRI_STATES)[number];

/** The value a tri-state stands for: false, null or true. */
export type TriStateValue = boolean | null;

export function triStateOf(value: TriStateValue | undefined): TriState {
  if (value === true) return 'ON';
  if (value === false) return 'OFF';
  return 'UNDEFINED';
}

export function triStateValue(state: TriState): TriStateValue {
  if (state === 'ON') return true;
  if (state === 'OFF') return false;
  return null;
}
