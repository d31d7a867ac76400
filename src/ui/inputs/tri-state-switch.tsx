import { useId, type ReactNode } from 'react';
import { Input, SegmentedControl } from '@mantine/core';
import { TRI_STATES, triStateOf, triStateValue, type TriState, type TriStateValue } from '../../domain';
import { t } from '../../i18n';
import { triStateLabel } from './labels';

export interface TriStateSwitchProps {
  label: string;
  description?: ReactNode;
  /** true (ON), false (OFF) or null (UNDEFINED: inherit) */
  value: TriStateValue;
  onChange: (value: TriStateValue) => void;
  /**
   * What UNDEFINED inherits, said under the switch while it is UNDEFINED: the value from above
   * (null: nothing above sets it) and the unit or organization it comes from.
   */
  inherited?: { value: TriStateValue; fromName: string } | null;
  disabled?: boolean;
}

/**
 * The tri-state switch (spec sections 3 and 4): OFF, UNDEFINED and ON as three named segments, the
 * state always in words. A radio group: Tab reaches it, the arrow keys change it. UNDEFINED is
 * passed on as null, which means inherit.
 */
export function TriStateSwitch({ label, description, value, onChange, inherited, disabled }: TriStateSwitchProps) {
  const id = useId();
  const labelId = `${id}-label`;
  const descriptionId = `${id}-description`;
  const state = triStateOf(value);
  const inheritance =
    state === 'UNDEFINED' && inherited !== undefined
      ? inherited === null || inherited.value === null
        ? t('inputs.triState.inheritsNothing')
        : t('inputs.triState.inherits', { state: triStateLabel(triStateOf(inherited.value)), from: inherited.fromName })
      : null;
  const shownDescription =
    description || inheritance ? (
      <>
        {description}
        {description && inheritance ? ' ' : null}
        {inheritance}
      </>
    ) : undefined;
  return (
    <Input.Wrapper id={id} label={label} labelElement="div" labelProps={{ id: labelId }} description={shownDescription} descriptionProps={{ id: descriptionId }}>
      <div>
        <SegmentedControl
          aria-labelledby={labelId}
          aria-describedby={shownDescription ? descriptionId : undefined}
          data={TRI_STATES.map((option) => ({ value: option, label: triStateLabel(option) }))}
          value={state}
          onChange={(next) => onChange(triStateValue(next as TriState))}
          disabled={disabled}
          size="xs"
        />
      </div>
    </Input.Wrapper>
  );
}
