import * as RadixSelect from '@radix-ui/react-select';
import { useEffect, useLayoutEffect, useRef, type KeyboardEvent, type ReactNode, type Ref } from 'react';
import styled from 'styled-components';
import { SELECT_MENU_MAX_HEIGHT } from '../tokens/constants';
import { MenuNote, menuOption, menuSurface, selectTrigger, SelectValueText } from './select-parts';

// Radix Select and everything it brings (floating-ui, remove-scroll, focus scope, dismissable layer…): loaded by
// select.tsx when a Select is first about to be used, not with the page (docs/decisions/004, 033).

/** One option as Radix sees it: keyed by its value as text (select.tsx maps values to keys and back). */
export interface SelectMenuItem {
  key: string;
  label: string;
  disabled?: boolean;
  muted?: boolean;
}

export interface SelectMenuFieldProps {
  triggerRef: Ref<HTMLButtonElement>;
  triggerId: string;
  items: readonly SelectMenuItem[];
  /** The chosen item's key; '' for none. */
  selectedKey: string;
  onSelect: (key: string) => void;
  placeholder?: string;
  disabled?: boolean;
  name?: string;
  invalid: boolean;
  ariaLabel?: string;
  ariaDescribedBy?: string;
  busy?: boolean;
  onKeyDown: (event: KeyboardEvent<HTMLButtonElement>) => void;
  /** Spinner, room for the × and the chevron (select.tsx draws the same before Radix has loaded). */
  indicators: ReactNode;
  /** Shown in an empty menu. */
  emptyNote: string | null;
  /** The stand-in had the focus: keep it on the field. */
  focusOnMount: boolean;
  /** The stand-in was pressed: open at once. */
  openOnMount: boolean;
  /** Keys pressed on the stand-in before Radix arrived, replayed on the field (type-ahead letters, an opening key). */
  replayKeys: readonly string[];
}

const Trigger = styled(RadixSelect.Trigger)<{ $invalid: boolean }>`
  ${selectTrigger}
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

/** The Select's field and menu on Radix Select; label, × and error stay with select.tsx. */
export function SelectMenuField({
  triggerRef,
  triggerId,
  items,
  selectedKey,
  onSelect,
  placeholder,
  disabled,
  name,
  invalid,
  ariaLabel,
  ariaDescribedBy,
  busy,
  onKeyDown,
  indicators,
  emptyNote,
  focusOnMount,
  openOnMount,
  replayKeys,
}: SelectMenuFieldProps) {
  const trigger = useRef<HTMLButtonElement | null>(null);
  // What the stand-in was doing when this replaced it; read once, at mount.
  const onMount = useRef({ focusOnMount, replayKeys });

  useLayoutEffect(() => {
    if (onMount.current.focusOnMount) trigger.current?.focus();
  }, []);

  useEffect(() => {
    const keys = onMount.current.replayKeys;
    if (keys.length === 0) return undefined;
    // After Radix has registered its items (its closed menu mounts on the render after this one).
    const timer = setTimeout(() => {
      for (const key of keys) {
        trigger.current?.dispatchEvent(new window.KeyboardEvent('keydown', { key, bubbles: true, cancelable: true }));
      }
    });
    return () => clearTimeout(timer);
  }, []);

  const setTrigger = (node: HTMLButtonElement | null) => {
    trigger.current = node;
    if (typeof triggerRef === 'function') triggerRef(node);
    else if (triggerRef) triggerRef.current = node;
  };

  return (
    <RadixSelect.Root value={selectedKey} onValueChange={onSelect} disabled={disabled} name={name} defaultOpen={openOnMount}>
      <Trigger
        ref={setTrigger}
        id={triggerId}
        $invalid={invalid}
        aria-label={ariaLabel}
        aria-invalid={invalid ? true : undefined}
        aria-describedby={ariaDescribedBy}
        aria-busy={busy ? true : undefined}
        onKeyDown={onKeyDown}
      >
        <SelectValueText>
          <RadixSelect.Value placeholder={placeholder} />
        </SelectValueText>
        {indicators}
      </Trigger>
      <RadixSelect.Portal>
        <Content position="popper" side="bottom" align="start" sideOffset={4} collisionPadding={8}>
          <Viewport>
            {items.map((item) => (
              <Item key={item.key} value={item.key} disabled={item.disabled} $muted={item.muted}>
                <RadixSelect.ItemText>{item.label}</RadixSelect.ItemText>
              </Item>
            ))}
            {emptyNote ? <MenuNote>{emptyNote}</MenuNote> : null}
          </Viewport>
        </Content>
      </RadixSelect.Portal>
    </RadixSelect.Root>
  );
}
