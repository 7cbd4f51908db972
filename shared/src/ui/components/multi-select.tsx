import { autoUpdate, flip, offset, size, useFloating } from '@floating-ui/react-dom';
import { useCombobox, useMultipleSelection } from 'downshift';
import { useId, useMemo, useRef, useState, type MouseEvent } from 'react';
import styled from 'styled-components';
import { IconChevronDown } from '../icons/icons';
import { withThemeFallback } from '../theme/with-theme-fallback';
import { SELECT_MENU_MAX_HEIGHT } from '../tokens/constants';
import { Chip } from './chip';
import { FieldLabel, FieldMessage, FieldRoot } from './field-parts';
import { firstError } from './first-error';
import type { SelectOption, SelectValue } from './select';
import { IndicatorButton, fieldBox, fieldBoxFocused, Indicators, MenuNote, menuOption, menuSurface } from './select-parts';
import { Spinner } from './spinner';
import { useUiText } from '../i18n/ui-i18n';

export interface MultiSelectProps<V extends SelectValue = SelectValue> {
  label?: string;
  options: readonly SelectOption<V>[];
  /** The selected options' values, in the order they were picked. */
  value: readonly V[];
  onChange: (value: V[]) => void;
  /** Server messages; only the first is shown. */
  error?: string | readonly string[] | null;
  /** Shown in the empty field. */
  placeholder?: string;
  isDisabled?: boolean;
  isLoading?: boolean;
  /** Id of the text input, so an outside `<label htmlFor>` can target it; generated when omitted. */
  id?: string;
  /** Posts each value as a hidden input of this name. */
  name?: string;
  className?: string;
  'aria-label'?: string;
}

const { stateChangeTypes } = useCombobox;
const removals = new Set<string>([
  useMultipleSelection.stateChangeTypes.SelectedItemKeyDownBackspace,
  useMultipleSelection.stateChangeTypes.SelectedItemKeyDownDelete,
  useMultipleSelection.stateChangeTypes.DropdownKeyDownBackspace,
  useMultipleSelection.stateChangeTypes.FunctionRemoveSelectedItem,
]);

const Box = styled.div<{ $invalid: boolean }>`
  ${fieldBox}
  flex-wrap: wrap;
  gap: 0.25rem;
  cursor: text;
  &:focus-within { ${fieldBoxFocused} }
`;

const ChipSlot = styled.span`
  display: inline-flex;
  max-width: 100%;
  border-radius: ${({ theme }) => theme.radius.pill};
  &:focus { outline: 2px solid ${({ theme }) => theme.colors.primary}; outline-offset: 1px; }
`;

const Input = styled.input`
  flex: 1 1 4rem;
  min-width: 4rem;
  padding: 0.25rem 0;
  border: 0;
  outline: none;
  background: transparent;
  color: inherit;
  font: inherit;
  &::placeholder { color: ${({ theme }) => theme.colors.textPlaceholder}; }
  &:disabled { cursor: not-allowed; }
`;

const Menu = styled.ul`
  ${menuSurface}
  /* At most 310 px, less where the window has less room, but never so short that no option shows. */
  max-height: min(${SELECT_MENU_MAX_HEIGHT}px, max(7.5rem, var(--menu-available-height, ${SELECT_MENU_MAX_HEIGHT}px)));
`;

const Option = styled.li`
  ${menuOption}
`;

function matches(option: SelectOption, text: string) {
  return option.label.toLocaleLowerCase().includes(text.trim().toLocaleLowerCase());
}

function MultiSelectView<V extends SelectValue = SelectValue>({
  label,
  options,
  value,
  onChange,
  error,
  placeholder,
  isDisabled,
  isLoading,
  id,
  name,
  className,
  'aria-label': ariaLabel,
}: MultiSelectProps<V>) {
  const t = useUiText();
  const autoId = useId();
  const inputId = id ?? `${autoId}-input`;
  const errorId = `${inputId}-error`;
  const message = firstError(error);
  const input = useRef<HTMLInputElement>(null);
  const [inputValue, setInputValue] = useState('');

  // A value whose option is missing (the list is still loading, or no longer holds it) stays selected: it shows
  // as its raw value once loading is over, so it can still be seen and removed.
  const selected = useMemo(
    () =>
      value.flatMap((v) => {
        const option = options.find((candidate) => candidate.value === v);
        if (option) return [option];
        return isLoading ? [] : [{ value: v, label: `#${v}` }];
      }),
    [value, options, isLoading],
  );
  const items = useMemo(
    () => options.filter((option) => !value.includes(option.value) && matches(option, inputValue)),
    [options, value, inputValue],
  );

  const { getSelectedItemProps, getDropdownProps, removeSelectedItem } = useMultipleSelection<SelectOption<V>>({
    selectedItems: selected,
    itemToKey: (item) => item?.value,
    onStateChange: ({ type, selectedItems }) => {
      if (selectedItems && removals.has(type)) {
        const kept = new Set(selectedItems.map((item) => item.value));
        onChange(value.filter((v) => kept.has(v) || !selected.some((item) => item.value === v)));
      }
    },
  });

  const { isOpen, highlightedIndex, getLabelProps, getMenuProps, getInputProps, getItemProps, getToggleButtonProps, openMenu } =
    useCombobox<SelectOption<V>>({
      items,
      itemToString: (item) => item?.label ?? '',
      itemToKey: (item) => item?.value,
      isItemDisabled: (item) => Boolean(item.isDisabled),
      inputValue,
      selectedItem: null,
      inputId,
      defaultHighlightedIndex: 0,
      stateReducer: (state, { changes, type }) => {
        switch (type) {
          case stateChangeTypes.InputKeyDownEnter:
          case stateChangeTypes.ItemClick:
            // Stay open for the next pick, on the row that takes the picked one's place.
            return {
              ...changes,
              isOpen: true,
              highlightedIndex: inputValue ? 0 : Math.min(state.highlightedIndex, items.length - 2),
            };
          case stateChangeTypes.InputBlur:
            // Leaving the field picks nothing: only Enter or a click adds a value.
            return { ...changes, selectedItem: null };
          default:
            return changes;
        }
      },
      onStateChange: ({ type, selectedItem, inputValue: typed }) => {
        switch (type) {
          case stateChangeTypes.InputKeyDownEnter:
          case stateChangeTypes.ItemClick:
            if (selectedItem) onChange([...value, selectedItem.value]);
            setInputValue('');
            break;
          case stateChangeTypes.InputChange:
          case stateChangeTypes.InputKeyDownEscape:
            if (typed !== undefined) setInputValue(typed);
            break;
          default:
            break;
        }
      },
    });

  const { refs, floatingStyles } = useFloating({
    open: isOpen,
    placement: 'bottom-start',
    // Fixed, so a scrolling card or dialog body does not clip the menu; it flips up when there is no room below.
    strategy: 'fixed',
    whileElementsMounted: autoUpdate,
    middleware: [
      offset(4),
      flip({ padding: 8 }),
      size({
        padding: 8,
        apply: ({ availableHeight, rects, elements }) => {
          elements.floating.style.width = `${rects.reference.width}px`;
          elements.floating.style.setProperty('--menu-available-height', `${availableHeight}px`);
        },
      }),
    ],
  });

  const remove = (option: SelectOption<V>) => {
    removeSelectedItem(option);
    input.current?.focus();
  };

  // A click on the box's empty space acts like a click on the input.
  const onBoxMouseDown = (event: MouseEvent<HTMLDivElement>) => {
    if (event.target !== event.currentTarget || isDisabled) return;
    event.preventDefault();
    input.current?.focus();
    openMenu();
  };

  return (
    <FieldRoot className={className}>
      {label ? <FieldLabel {...getLabelProps()}>{label}</FieldLabel> : null}
      <Box
        ref={refs.setReference}
        $invalid={Boolean(message)}
        data-disabled={isDisabled ? '' : undefined}
        onMouseDown={onBoxMouseDown}
      >
        {selected.map((option, index) => (
          <ChipSlot
            key={String(option.value)}
            {...getSelectedItemProps({
              selectedItem: option,
              index,
              // The remove button does its own work; the chip itself only takes the keyboard focus.
              onClick: (event) => {
                if ((event.target as Element).closest('button')) {
                  (event.nativeEvent as Event & { preventDownshiftDefault?: boolean }).preventDownshiftDefault = true;
                }
              },
            })}
          >
            <Chip
              onDelete={isDisabled ? undefined : () => remove(option)}
              deleteLabel={`${t('common.remove')}: ${option.label}`}
              deleteTabIndex={-1}
            >
              {option.label}
            </Chip>
          </ChipSlot>
        ))}
        <Input
          {...getInputProps(
            getDropdownProps({
              // While text is typed, Backspace and ← edit it instead of reaching the chips.
              preventKeyAction: inputValue !== '',
              ref: input,
              disabled: isDisabled,
              placeholder: selected.length === 0 ? placeholder : undefined,
              'aria-label': label ? undefined : ariaLabel,
              'aria-invalid': message ? true : undefined,
              'aria-describedby': message ? errorId : undefined,
              'aria-busy': isLoading ? true : undefined,
              // Typed filter text means nothing once the field is left (downshift only handles a blur while open).
              onBlur: () => setInputValue(''),
            }),
          )}
        />
        <Indicators>
          {isLoading ? <Spinner size={16} label="" /> : null}
          <IndicatorButton aria-label={t('select.showOptions')} disabled={isDisabled} {...getToggleButtonProps()}>
            <IconChevronDown size={18} />
          </IndicatorButton>
        </Indicators>
      </Box>
      <Menu
        // Closed, the menu is hidden and unnamed, so the label names only the input (getByLabelText finds one field).
        {...getMenuProps(isOpen ? { ref: refs.setFloating } : { 'aria-labelledby': undefined })}
        hidden={!isOpen}
        style={isOpen ? floatingStyles : undefined}
      >
        {isOpen
          ? items.map((item, index) => (
              <Option
                key={String(item.value)}
                data-highlighted={highlightedIndex === index ? '' : undefined}
                data-disabled={item.isDisabled ? '' : undefined}
                {...getItemProps({ item, index })}
              >
                {item.label}
              </Option>
            ))
          : null}
        {isOpen && items.length === 0 ? (
          <MenuNote as="li" role="presentation">
            {isLoading ? t('common.loading') : t('select.noOptions')}
          </MenuNote>
        ) : null}
      </Menu>
      {name ? value.map((v) => <input key={String(v)} type="hidden" name={name} value={String(v)} />) : null}
      {message ? (
        <FieldMessage id={errorId} role="alert" $error>
          {message}
        </FieldMessage>
      ) : null}
    </FieldRoot>
  );
}

/**
 * Several values from a list, shown as chips, on downshift's `useCombobox` + `useMultipleSelection`: typing filters
 * the options; ↑/↓ and Enter pick (the menu stays open); Backspace in the empty input removes the last chip; ← moves
 * onto the chips, where Backspace/Delete remove one; Escape closes the menu. The menu is at most 310 px tall;
 * the first error is shown.
 */
export const MultiSelect = withThemeFallback(MultiSelectView, 'MultiSelect') as typeof MultiSelectView;
