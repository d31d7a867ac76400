import { describe, expect, it } from 'vitest';
import { TRI_STATES, triStateOf, triStateValue } from './tri-state';

describe('tri-state', () => {
  it('has the states OFF, UNDEFINED and ON, UNDEFINED passed on as null', () => {
    expect(TRI_STATES).toEqual(['OFF', 'UNDEFINED', 'ON']);
    expect(TRI_STATES.map(triStateValue)).toEqual([false, null, true]);
  });

  it('reads true as ON, false as OFF, and null or nothing as UNDEFINED', () => {
    expect([true, false, null, undefined].map(triStateOf)).toEqual(['ON', 'OFF', 'UNDEFINED', 'UNDEFINED']);
    for (const state of TRI_STATES) expect(triStateOf(triStateValue(state))).toBe(state);
  });
});
