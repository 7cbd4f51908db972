import * as RadixSelect from '@radix-ui/react-select';
import { useId, useRef, type KeyboardEvent } from 'react';
import styled from 'styled-components';
import { IconChevronDown, IconX } from '../icons/icons';
import { SELECT_MENU_MAX_HEIGHT } from '../tokens/constants';
import { withThemeFallback } from '../theme/with-theme-fallback';
import { FieldLabel, FieldMessage, FieldRoot } from './field-parts';
import { firstError } from './first-error';
import {
  IndicatorButton,
  DEFAULT_CLEAR_LABEL,
  fieldBox,
  fieldBoxFocused,
  Indicators,
  MenuNote,
  menuOption,
  menuSurface,
} from './select-parts';
import { Spinner } from './spinner';
import { useUiText } from '../i18n/ui-i18n';

export type SelectValue = string | number;

export interface SelectOption<V extends SelectValue = SelectValue> {
  value: V;
  label: string;
  isDisabled?: boolean;
}

export interface SelectProps<V extends SelectValue = SelectValue> {
  label?: string;
  /** The choices; their values must differ as text (`String(value)`). */
  options: readonly SelectOption<V>[];
  /** The selected option's value (not the option object); null or undefined for none. */
  value: V | null | undefined;
  onChange: (value: V | null) => void;
  /** Server messages; only the first is shown (§5). */
  error?: string | readonly string[] | null;
  /** Shown while nothing is selected. */
  placeholder?: string;
  /**
   * Lets the user go back to "nothing selected" (a filter's "all"): a first menu entry named `clearLabel`, an ×
   * in the field, and Backspace/Delete on it.
   */
  isClearable?: boolean;
  /** Text of the clearing menu entry; the placeholder by default (e.g. 'Все статусы'). */
  clearLabel?: string;
  isDisabled?: boolean;
  isLoading?: boolean;
  /** Id of the field (a button), so an outside `<label htmlFor>` can target it; generated when omitted. */
  id?: string;
  /** Name of the hidden native select Radix keeps for form posts. */
  name?: string;
  className?: string;
  'aria-label'?: string;
}

// Radix Select speaks strings and reserves '' for "no value": options are keyed by their value as text, with
// stand-ins for an option whose value is '' (the import's "don't import") and for the clearing entry.
const CLEAR_KEY = '\u241Fclear';
const EMPTY_KEY = '\u241Fempty';
const keyOf = (value: SelectValue) => (value === '' ? EMPTY_KEY : String(value));

const Control = styled.div`
  position: relative;
  display: flex;
`;

const Trigger = styled(RadixSelect.Trigger)<{ $invalid: boolean }>`
  ${fieldBox}
  cursor: pointer;
  &:focus,
  &[data-state='open'] { ${fieldBoxFocused} }
  &[data-placeholder] > span:first-child { color: ${({ theme }) => theme.colors.textPlaceholder}; }
`;

const ValueText = styled.span`
  flex: 1;
  min-width: 0;
  padding-block: 0.25rem;
  overflow: hidden;
  white-space: nowrap;
  text-overflow: ellipsis;
`;

// Room in the field for the ×, which sits over it but outside the trigger (a button cannot hold a button).
const ClearSpace = styled.span`
  width: 1.25rem;
`;

// Border 1px + the field's end padding 0.5rem + the chevron 18px + the indicators' gap.
const ClearSlot = styled.span`
  position: absolute;
  inset-block: 0;
  inset-inline-end: calc(1px + 0.5rem + 18px + 0.125rem);
  display: flex;
  align-items: center;
  color: ${({ theme }) => theme.colors.textMuted};
`;

const Content = styled(RadixSelect.Content)`
  ${menuSurface}
  /* The viewport scrolls; the menu stays inside the window (Radix measures the room left). */
  padding: 0;
  overflow: hidden;
  width: var(--radix-select-trigger-width);
  max-height: min(${SELECT_MENU_MAX_HEIGHT}px, var(--radix-select-content-available-height, 100vh));
`;

const Viewport = styled(RadixSelect.Viewport)`
  padding: 0.375rem;
  /* Radix hides the scrollbar (it offers scroll buttons instead); a long list should show that it scrolls. */
  && { scrollbar-width: thin; }
`;

const Item = styled(RadixSelect.Item)<{ $muted?: boolean }>`
  ${menuOption}
  color: ${({ theme, $muted }) => ($muted ? theme.colors.textMuted : 'inherit')};
`;

function SelectView<V extends SelectValue = SelectValue>({
  label,
  options,
  value,
  onChange,
  error,
  placeholder,
  isClearable,
  clearLabel,
  isDisabled,
  isLoading,
  id,
  name,
  className,
  'aria-label': ariaLabel,
}: SelectProps<V>) {
  const autoId = useId();
  const triggerId = id ?? `${autoId}-select`;
  const t = useUiText();
  const errorId = `${triggerId}-error`;
  const message = firstError(error);
  const trigger = useRef<HTMLButtonElement>(null);
  const hasValue = value !== null && value !== undefined;
  // A value whose option has not loaded yet shows the placeholder, as no value would.
  const selected = hasValue ? options.find((option) => option.value === value) : undefined;
  const canClear = Boolean(isClearable && hasValue && !isDisabled);

  const choose = (key: string) => {
    if (key === CLEAR_KEY) {
      if (hasValue) onChange(null);
      return;
    }
    const option = options.find((candidate) => keyOf(candidate.value) === key);
    if (option) onChange(option.value);
  };

  const clear = () => {
    onChange(null);
    trigger.current?.focus();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    if (canClear && (event.key === 'Backspace' || event.key === 'Delete')) {
      event.preventDefault();
      onChange(null);
    }
  };

  return (
    <FieldRoot className={className}>
      {label ? (
        <FieldLabel
          htmlFor={triggerId}
          // A label click would click the button and open the menu; a native select's label only focuses it.
          onClick={(event) => {
            event.preventDefault();
            trigger.current?.focus();
          }}
        >
          {label}
        </FieldLabel>
      ) : null}
      <Control>
        <RadixSelect.Root value={selected ? keyOf(selected.value) : ''} onValueChange={choose} disabled={isDisabled} name={name}>
          <Trigger
            ref={trigger}
            id={triggerId}
            $invalid={Boolean(message)}
            aria-label={label ? undefined : ariaLabel}
            aria-invalid={message ? true : undefined}
            aria-describedby={message ? errorId : undefined}
            aria-busy={isLoading ? true : undefined}
            onKeyDown={onKeyDown}
          >
            <ValueText>
              <RadixSelect.Value placeholder={placeholder} />
            </ValueText>
            <Indicators aria-hidden>
              {isLoading ? <Spinner size={16} label="" /> : null}
              {canClear ? <ClearSpace /> : null}
              <RadixSelect.Icon asChild>
                <IconChevronDown size={18} />
              </RadixSelect.Icon>
            </Indicators>
          </Trigger>
          <RadixSelect.Portal>
            <Content position="popper" side="bottom" align="start" sideOffset={4} collisionPadding={8}>
              <Viewport>
                {isClearable ? (
                  <Item value={CLEAR_KEY} $muted>
                    <RadixSelect.ItemText>{clearLabel ?? placeholder ?? DEFAULT_CLEAR_LABEL}</RadixSelect.ItemText>
                  </Item>
                ) : null}
                {options.map((option) => (
                  <Item key={keyOf(option.value)} value={keyOf(option.value)} disabled={option.isDisabled}>
                    <RadixSelect.ItemText>{option.label}</RadixSelect.ItemText>
                  </Item>
                ))}
                {options.length === 0 ? <MenuNote>{isLoading ? t('common.loading') : t('select.noOptions')}</MenuNote> : null}
              </Viewport>
            </Content>
          </RadixSelect.Portal>
        </RadixSelect.Root>
        {canClear ? (
          <ClearSlot>
            <IndicatorButton type="button" tabIndex={-1} aria-label={label ? t('select.clearNamed', { label }) : t('select.clear')} onClick={clear}>
              <IconX size={16} />
            </IndicatorButton>
          </ClearSlot>
        ) : null}
      </Control>
      {message ? (
        <FieldMessage id={errorId} role="alert" $error>
          {message}
        </FieldMessage>
      ) : null}
    </FieldRoot>
  );
}

/**
 * A single-choice select on Radix Select, styled to the theme: outlined and compact (§9), a menu at most 310 px
 * tall (§9), type-ahead on the closed or open field that forgets the typed letters after 1 s (Radix; §9), the
 * first error shown (§5). Values in and out are the options' `value`s. For several values use `MultiSelect`.
 */
export const Select = withThemeFallback(SelectView, 'Select') as typeof SelectView;
