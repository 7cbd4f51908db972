import { useContext, useEffect, useId, useMemo, useRef, type KeyboardEvent } from 'react';
import ReactSelect, { type SelectInstance, type StylesConfig } from 'react-select';
import { useTheme } from 'styled-components';
import { alpha } from '../tokens/alpha';
import { SELECT_MENU_MAX_HEIGHT, TYPE_AHEAD_RESET_MS } from '../tokens/constants';
import { FieldLabel, FieldMessage, FieldRoot } from './field-parts';
import { firstError } from './first-error';
import { OverlayContext } from './overlay-context';
import { withThemeFallback } from '../theme/with-theme-fallback';

export type SelectValue = string | number;

export interface SelectOption<V extends SelectValue = SelectValue> {
  value: V;
  label: string;
  isDisabled?: boolean;
}

interface SelectBaseProps<V extends SelectValue> {
  label?: string;
  options: readonly SelectOption<V>[];
  error?: string | readonly string[] | null;
  placeholder?: string;
  isClearable?: boolean;
  isDisabled?: boolean;
  isLoading?: boolean;
  /** Filter options by typing into the field. Off by default: typing then jumps to the matching option (§9 type-ahead). */
  isSearchable?: boolean;
  /** Id of the input, so an outside `<label htmlFor>` can target it; generated when omitted. */
  inputId?: string;
  name?: string;
  className?: string;
  onBlur?: () => void;
  'aria-label'?: string;
  /** 'fixed' escapes clipping scroll boxes; the default is 'fixed' inside a Dialog or Drawer, else 'absolute'. */
  menuPosition?: 'absolute' | 'fixed';
}

export interface SingleSelectProps<V extends SelectValue = SelectValue> extends SelectBaseProps<V> {
  isMulti?: false;
  /** The selected option's value (not the option object); null or undefined for none. */
  value: V | null | undefined;
  onChange: (value: V | null) => void;
}

export interface MultiSelectProps<V extends SelectValue = SelectValue> extends SelectBaseProps<V> {
  isMulti: true;
  /** The selected options' values. */
  value: readonly V[];
  onChange: (value: V[]) => void;
}

export type SelectProps<V extends SelectValue = SelectValue> = SingleSelectProps<V> | MultiSelectProps<V>;

type Option = SelectOption<SelectValue>;

function SelectView<V extends SelectValue = SelectValue>(props: SelectProps<V>) {
  const { label, options, error, placeholder, isClearable, isDisabled, isLoading, isSearchable = false, name, className, onBlur } = props;
  const theme = useTheme();
  const inOverlay = useContext(OverlayContext);
  const autoId = useId();
  const inputId = props.inputId ?? `${autoId}-input`;
  const message = firstError(error);
  const errorId = `${inputId}-error`;
  const selectRef = useRef<SelectInstance<Option, boolean> | null>(null);
  const typed = useRef({ text: '', timer: undefined as ReturnType<typeof setTimeout> | undefined });

  useEffect(() => () => clearTimeout(typed.current.timer), []);

  const selected = useMemo(() => {
    if (props.isMulti) return options.filter((o) => props.value.includes(o.value));
    return options.find((o) => o.value === props.value) ?? null;
  }, [options, props.isMulti, props.value]);

  const styles = useMemo<StylesConfig<Option, boolean>>(
    () => ({
      control: (base, state) => {
        const accent = message ? theme.colors.error : theme.colors.primary;
        return {
          ...base,
          minHeight: '2.375rem',
          background: 'transparent',
          borderRadius: theme.radius.md,
          borderWidth: state.isFocused ? 2 : 1,
          borderColor: message ? theme.colors.error : state.isFocused ? accent : theme.colors.borderStrong,
          boxShadow: state.isFocused ? `0 2px 6px ${alpha(accent, 0.25)}` : 'none',
          // Keep the content still when the focused border grows to 2px.
          padding: state.isFocused ? 0 : 1,
          cursor: 'pointer',
          '&:hover': { borderColor: message ? theme.colors.error : state.isFocused ? accent : theme.colors.textMuted },
        };
      },
      valueContainer: (base) => ({ ...base, padding: '0.125rem 0.75rem', gap: 4 }),
      placeholder: (base) => ({ ...base, color: theme.colors.textDisabled }),
      singleValue: (base) => ({ ...base, color: theme.colors.text }),
      input: (base) => ({ ...base, color: theme.colors.text }),
      indicatorSeparator: () => ({ display: 'none' }),
      dropdownIndicator: (base) => ({ ...base, color: theme.colors.textMuted, padding: '0 0.5rem' }),
      clearIndicator: (base) => ({ ...base, color: theme.colors.textMuted, padding: '0 0.25rem' }),
      menu: (base) => ({
        ...base,
        zIndex: theme.zIndex.overlay + 10,
        marginTop: 4,
        background: theme.colors.surfaceRaised,
        borderRadius: theme.radius.md,
        boxShadow: theme.shadows.lg,
        overflow: 'hidden',
      }),
      menuList: (base) => ({ ...base, padding: '0.375rem' }),
      option: (base, state) => ({
        ...base,
        borderRadius: theme.radius.md,
        padding: '0.5rem 0.75rem',
        marginBottom: 2,
        cursor: state.isDisabled ? 'not-allowed' : 'pointer',
        color: state.isSelected ? theme.colors.onPrimary : state.isDisabled ? theme.colors.textDisabled : theme.colors.text,
        background: state.isSelected
          ? theme.colors.primary
          : state.isFocused
            ? alpha(theme.colors.primary, 0.12)
            : 'transparent',
        '&:active': { background: state.isSelected ? theme.colors.primary : alpha(theme.colors.primary, 0.2) },
      }),
      multiValue: (base) => ({
        ...base,
        margin: 0,
        borderRadius: theme.radius.pill,
        background: alpha(theme.colors.primary, 0.16),
      }),
      multiValueLabel: (base) => ({
        ...base,
        color: theme.colors.primary,
        fontSize: theme.font.sizeSm,
        padding: '2px 4px 2px 10px',
      }),
      multiValueRemove: (base) => ({
        ...base,
        borderRadius: theme.radius.pill,
        color: theme.colors.primary,
        cursor: 'pointer',
        '&:hover': { background: alpha(theme.colors.primary, 0.24), color: theme.colors.primary },
      }),
      noOptionsMessage: (base) => ({ ...base, color: theme.colors.textMuted }),
      loadingMessage: (base) => ({ ...base, color: theme.colors.textMuted }),
    }),
    [theme, message],
  );

  // Vuetify-style type-ahead for a non-searchable select: typed letters pick the first option
  // starting with them; the letters are forgotten after a 1 s pause (§9).
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const select = selectRef.current;
    if (isSearchable || !select || event.key.length !== 1 || event.key === ' ' || event.ctrlKey || event.metaKey || event.altKey) {
      return;
    }
    clearTimeout(typed.current.timer);
    typed.current.text += event.key.toLowerCase();
    typed.current.timer = setTimeout(() => {
      typed.current.text = '';
    }, TYPE_AHEAD_RESET_MS);
    const open = Boolean(select.props.menuIsOpen);
    // react-select lists focusable options only while its menu is open.
    const pool = open ? select.getFocusableOptions() : (options as readonly Option[]).filter((o) => !o.isDisabled);
    const match = pool.find((o) => o.label.toLowerCase().startsWith(typed.current.text));
    if (!match) return;
    if (open) {
      select.scrollToFocusedOptionOnUpdate = true;
      select.setState({ focusedOption: match, focusedOptionId: select.getFocusedOptionId(match) });
    } else if (!props.isMulti) {
      select.selectOption(match);
    }
  };

  return (
    <FieldRoot className={className}>
      {label ? <FieldLabel htmlFor={inputId}>{label}</FieldLabel> : null}
      <ReactSelect<Option, boolean>
        ref={selectRef}
        inputId={inputId}
        name={name}
        options={options as readonly Option[]}
        value={selected}
        isMulti={props.isMulti ?? false}
        isClearable={isClearable}
        isDisabled={isDisabled}
        isLoading={isLoading}
        isSearchable={isSearchable}
        placeholder={placeholder ?? ''}
        maxMenuHeight={SELECT_MENU_MAX_HEIGHT}
        menuPlacement="auto"
        menuPosition={props.menuPosition ?? (inOverlay ? 'fixed' : 'absolute')}
        closeMenuOnSelect={!props.isMulti}
        // react-select blurs after a choice on touch-capable devices; a non-searchable select has no keyboard to hide,
        // and keeping focus lets type-ahead continue.
        blurInputOnSelect={isSearchable ? undefined : false}
        isOptionDisabled={(o) => Boolean(o.isDisabled)}
        styles={styles}
        classNamePrefix="crm-select"
        aria-label={props['aria-label']}
        aria-invalid={message ? true : undefined}
        aria-errormessage={message ? errorId : undefined}
        onBlur={onBlur}
        onKeyDown={onKeyDown}
        onChange={(next) => {
          if (props.isMulti) props.onChange(((next as readonly Option[] | null) ?? []).map((o) => o.value as V));
          else props.onChange(((next as Option | null)?.value as V | undefined) ?? null);
        }}
      />
      {message ? (
        <FieldMessage id={errorId} role="alert" $error>
          {message}
        </FieldMessage>
      ) : null}
    </FieldRoot>
  );
}

/**
 * A react-select styled to the theme: menus at most 310 px (§9), chips when `isMulti`, the first error shown.
 * Values in and out are the options' `value`s.
 */
export const Select = withThemeFallback(SelectView, 'Select') as typeof SelectView;
