import { useId, useState, type ClipboardEvent, type KeyboardEvent, type ReactNode } from 'react';
import { Combobox, Pill, PillsInput, ScrollArea, Tooltip, useCombobox, VisuallyHidden } from '@mantine/core';
import { chipName, DROPDOWN_MAX_HEIGHT, splitChipEntries, type ChipChange, type ChipOption, type ChipProblem, type ChipVerdict } from '../../domain';
import { t } from '../../i18n';
import { chipProblemText } from './labels';

export interface ChipsInputProps {
  label: string;
  description?: ReactNode;
  placeholder?: string;
  /** the chips: addresses, percentages, or ids of the options */
  value: readonly string[];
  /** every change with the chip actions that made it (spec section 4: ADD and REMOVE) */
  onChange: (value: string[], changes: ChipChange[]) => void;
  /** what one typed entry becomes: a chip, nothing, or a problem */
  accept: (entry: string, current: readonly string[]) => ChipVerdict;
  /** the options offered as suggestions, and the names of chips that are ids; absent: free entries */
  options?: readonly ChipOption[];
  /** a suggestion's text, for options that read otherwise (a deactivated discount) */
  optionLabel?: (option: ChipOption) => string;
  error?: ReactNode;
  disabled?: boolean;
  required?: boolean;
  inputMode?: 'email' | 'decimal' | 'text';
}

/**
 * A chip list (spec sections 4 and 5): entries are committed with Enter, Tab, a comma or a paste
 * (a pasted list becomes one chip per entry); a rejected entry stays in the field with the reason
 * below it; chips show up to 20 characters of their name (a longer one whole in a tooltip, on hover
 * and while its remove button has focus, and never squeezed narrower), '(Not found)' for a deleted
 * option, and each has a remove button; Backspace in the empty field removes the last chip. Suggestions, when
 * options are given, open as a listbox of at most 220 px.
 */
export function ChipsInput({ label, description, placeholder, value, onChange, accept, options, optionLabel, error, disabled, required, inputMode }: ChipsInputProps) {
  const id = useId();
  const combobox = useCombobox({ onDropdownClose: () => combobox.resetSelectedOption() });
  const [search, setSearch] = useState('');
  const [problems, setProblems] = useState<ChipProblem[]>([]);
  const [announcement, setAnnouncement] = useState('');

  const nameOf = (chip: string) => {
    if (!options) return chip;
    return options.find((option) => option.value === chip)?.label ?? t('inputs.chips.notFound');
  };

  const apply = (next: string[], changes: ChipChange[]) => {
    if (changes.length === 0) return;
    onChange(next, changes);
    const last = changes[changes.length - 1] as ChipChange;
    setAnnouncement(t(last.action === 'ADD' ? 'inputs.chips.added' : 'inputs.chips.removed', { name: nameOf(last.value) }));
  };

  /** Commits every entry of `text`; rejected entries stay in the field (before `rest`, text still being typed). */
  const commit = (text: string, rest = '') => {
    const next = [...value];
    const changes: ChipChange[] = [];
    const found: ChipProblem[] = [];
    const rejected: string[] = [];
    for (const entry of splitChipEntries(text)) {
      const verdict = accept(entry, next);
      if (verdict.outcome === 'add') {
        next.push(verdict.value);
        changes.push({ action: 'ADD', value: verdict.value });
      } else if (verdict.outcome === 'reject') {
        found.push(verdict.problem);
        rejected.push(entry);
      }
    }
    apply(next, changes);
    setProblems(found);
    setSearch([...rejected, rest].filter((part) => part !== '').join(', '));
    combobox.resetSelectedOption();
  };

  const remove = (index: number) => {
    const chip = value[index];
    if (chip === undefined) return;
    apply(
      value.filter((_, position) => position !== index),
      [{ action: 'REMOVE', value: chip }],
    );
  };

  const pick = (optionValue: string) => {
    setSearch('');
    setProblems([]);
    if (!value.includes(optionValue)) apply([...value, optionValue], [{ action: 'ADD', value: optionValue }]);
  };

  const handleKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.nativeEvent.isComposing) return;
    if (event.key === 'Enter') {
      // a highlighted suggestion is the combobox's to submit
      if (combobox.dropdownOpened && combobox.getSelectedOptionIndex() !== -1) return;
      if (search.trim() !== '') {
        event.preventDefault();
        commit(search);
      }
    } else if (event.key === 'Tab' && search.trim() !== '') {
      commit(search); // focus moves on: Tab never traps the keyboard
    } else if (event.key === 'Backspace' && search === '' && value.length > 0) {
      event.preventDefault();
      remove(value.length - 1);
    }
  };

  const handleChange = (text: string) => {
    // a comma commits what comes before it (also from keyboards that do not report their keys)
    const comma = text.lastIndexOf(',');
    if (comma >= 0) commit(text.slice(0, comma), text.slice(comma + 1).trimStart());
    else {
      setSearch(text);
      setProblems([]);
      combobox.updateSelectedOptionIndex();
      if (options) combobox.openDropdown();
    }
  };

  const handlePaste = (event: ClipboardEvent<HTMLInputElement>) => {
    const pasted = event.clipboardData.getData('text/plain');
    if (pasted === '') return;
    event.preventDefault();
    const field = event.currentTarget;
    const start = field.selectionStart ?? search.length;
    const end = field.selectionEnd ?? start;
    commit(search.slice(0, start) + pasted + search.slice(end));
  };

  const needle = search.trim().toLocaleLowerCase();
  const suggestions = (options ?? []).filter((option) => !value.includes(option.value) && option.label.toLocaleLowerCase().includes(needle));
  const shownError = problems.length > 0 ? problems.map((problem, index) => <span key={index} style={{ display: 'block' }}>{chipProblemText(problem)}</span>) : error;

  return (
    <div>
      <Combobox store={combobox} onOptionSubmit={pick} withinPortal={false}>
        <Combobox.DropdownTarget>
          <PillsInput
            id={id}
            label={label}
            description={description}
            error={shownError ? <span role="alert">{shownError}</span> : undefined}
            disabled={disabled}
            required={required}
            onClick={() => options && combobox.openDropdown()}
          >
            <Pill.Group>
              {value.map((chip, index) => {
                const name = nameOf(chip);
                const shown = chipName(name);
                return (
                  <Tooltip key={`${chip}-${index}`} label={name} disabled={shown === name} events={{ hover: true, focus: true, touch: true }} multiline maw={320} style={{ overflowWrap: 'anywhere' }}>
                    <Pill
                      withRemoveButton={!disabled}
                      onRemove={() => remove(index)}
                      // its width is its name's: a row of chips wraps, it does not squeeze one to a few letters
                      style={{ flex: 'none' }}
                      removeButtonProps={{ 'aria-label': t('inputs.chips.remove', { name }), 'aria-hidden': false, tabIndex: 0 }}
                    >
                      {shown}
                    </Pill>
                  </Tooltip>
                );
              })}
              <Combobox.EventsTarget>
                <PillsInput.Field
                  id={id}
                  value={search}
                  placeholder={placeholder}
                  inputMode={inputMode}
                  autoComplete="off"
                  onChange={(event) => handleChange(event.currentTarget.value)}
                  onKeyDown={handleKeyDown}
                  onPaste={handlePaste}
                  onFocus={() => options && combobox.openDropdown()}
                  onBlur={() => combobox.closeDropdown()}
                />
              </Combobox.EventsTarget>
            </Pill.Group>
          </PillsInput>
        </Combobox.DropdownTarget>
        {options && (
          <Combobox.Dropdown hidden={suggestions.length === 0}>
            <Combobox.Options aria-label={t('inputs.chips.suggestions', { label })}>
              <ScrollArea.Autosize mah={DROPDOWN_MAX_HEIGHT} type="scroll">
                {suggestions.map((option) => (
                  <Combobox.Option value={option.value} key={option.value} disabled={option.disabled}>
                    {optionLabel ? optionLabel(option) : option.label}
                  </Combobox.Option>
                ))}
              </ScrollArea.Autosize>
            </Combobox.Options>
          </Combobox.Dropdown>
        )}
      </Combobox>
      <VisuallyHidden aria-live="polite">{announcement}</VisuallyHidden>
    </div>
  );
}
