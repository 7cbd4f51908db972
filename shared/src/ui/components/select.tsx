import { useId, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import styled from 'styled-components';
import { IconChevronDown, IconX } from '../icons/icons';
import { withThemeFallback } from '../theme/with-theme-fallback';
import { FieldLabel, FieldMessage, FieldRoot } from './field-parts';
import { firstError } from './first-error';
import { IndicatorButton, DEFAULT_CLEAR_LABEL, Indicators, SelectClearSpace, SelectValueText, selectTrigger } from './select-parts';
import { requestSelectMenu, useSelectMenu } from './select-loader';
import type { SelectMenuItem } from './select-menu';
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
  /** Server messages; only the first is shown. */
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

// The keys with which Radix opens a closed select.
const OPEN_KEYS = [' ', 'Enter', 'ArrowUp', 'ArrowDown'];

const Control = styled.div`
  position: relative;
  display: flex;
`;

/** The closed field as Radix's trigger draws it, shown until Radix has loaded (select-loader.ts). */
const StandInTrigger = styled.button<{ $invalid: boolean }>`
  ${selectTrigger}
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

/** What the user did to the stand-in before Radix arrived, done again by the Radix field. */
interface Intent {
  open: boolean;
  keys: readonly string[];
}

const NO_INTENT: Intent = { open: false, keys: [] };

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
  const menu = useSelectMenu();
  const [focused, setFocused] = useState(false);
  const [intent, setIntent] = useState<Intent>(NO_INTENT);
  const pointerType = useRef('touch');

  const items = useMemo<SelectMenuItem[]>(
    () => [
      ...(isClearable ? [{ key: CLEAR_KEY, label: clearLabel ?? placeholder ?? DEFAULT_CLEAR_LABEL, muted: true }] : []),
      ...options.map((option) => ({ key: keyOf(option.value), label: option.label, disabled: option.isDisabled })),
    ],
    [isClearable, clearLabel, placeholder, options],
  );

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

  // The stand-in answers as Radix's trigger would, by asking for Radix and noting what to do once it is here.
  const open = () => {
    setIntent((current) => ({ ...current, open: true }));
    requestSelectMenu();
  };

  const onStandInKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    onKeyDown(event);
    if (event.defaultPrevented || event.ctrlKey || event.altKey || event.metaKey) return;
    const opens = OPEN_KEYS.includes(event.key);
    if (opens) event.preventDefault();
    // Letters (type-ahead) and an opening key are replayed on the Radix field; after that the menu has the keys.
    if (opens || event.key.length === 1) {
      const { key } = event;
      setIntent((current) =>
        current.open || current.keys.some((done) => OPEN_KEYS.includes(done)) ? current : { ...current, keys: [...current.keys, key] },
      );
    }
    requestSelectMenu();
  };

  const indicators = (
    <Indicators aria-hidden>
      {isLoading ? <Spinner size={16} label="" /> : null}
      {canClear ? <SelectClearSpace /> : null}
      <IconChevronDown size={18} />
    </Indicators>
  );
  const fieldLabel = label ? undefined : ariaLabel;
  const describedBy = message ? errorId : undefined;

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
        {menu ? (
          <menu.SelectMenuField
            triggerRef={trigger}
            triggerId={triggerId}
            items={items}
            selectedKey={selected ? keyOf(selected.value) : ''}
            onSelect={choose}
            placeholder={placeholder}
            disabled={isDisabled}
            name={name}
            invalid={Boolean(message)}
            ariaLabel={fieldLabel}
            ariaDescribedBy={describedBy}
            busy={isLoading}
            onKeyDown={onKeyDown}
            indicators={indicators}
            emptyNote={options.length === 0 ? (isLoading ? t('common.loading') : t('select.noOptions')) : null}
            focusOnMount={focused}
            openOnMount={intent.open}
            replayKeys={intent.keys}
          />
        ) : (
          <>
            <StandInTrigger
              ref={trigger}
              type="button"
              id={triggerId}
              role="combobox"
              aria-expanded={false}
              aria-autocomplete="none"
              // Radix's trigger (no DirectionProvider above it) says the same.
              dir="ltr"
              data-state="closed"
              disabled={isDisabled}
              data-disabled={isDisabled ? '' : undefined}
              data-placeholder={selected ? undefined : ''}
              $invalid={Boolean(message)}
              aria-label={fieldLabel}
              aria-invalid={message ? true : undefined}
              aria-describedby={describedBy}
              aria-busy={isLoading ? true : undefined}
              onFocus={() => {
                setFocused(true);
                requestSelectMenu();
              }}
              onBlur={() => setFocused(false)}
              onPointerDown={(event) => {
                pointerType.current = event.pointerType;
                if (event.button === 0 && !event.ctrlKey && event.pointerType === 'mouse') {
                  event.preventDefault();
                  event.currentTarget.focus();
                  open();
                }
              }}
              onClick={(event) => {
                event.currentTarget.focus();
                if (pointerType.current !== 'mouse') open();
              }}
              onKeyDown={onStandInKeyDown}
            >
              <SelectValueText>
                <span style={{ pointerEvents: 'none' }}>{selected ? selected.label : placeholder}</span>
              </SelectValueText>
              {indicators}
            </StandInTrigger>
            {name ? <input type="hidden" name={name} value={selected ? String(selected.value) : ''} /> : null}
          </>
        )}
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
 * A single-choice select on Radix Select, styled to the theme: outlined and compact, a menu at most 310 px
 * tall, type-ahead on the closed or open field that forgets the typed letters after 1 s (Radix), the
 * first error shown. Values in and out are the options' `value`s. For several values use `MultiSelect`.
 * Radix loads when a Select is first focused or pressed; until then the field is drawn the same without it, and
 * what the user did to it (a press, an opening key, type-ahead letters) is done again once Radix is here.
 */
export const Select = withThemeFallback(SelectView, 'Select') as typeof SelectView;
