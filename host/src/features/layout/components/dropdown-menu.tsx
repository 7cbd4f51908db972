import { useCallback, useEffect, useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import styled from 'styled-components';

export interface DropdownMenuProps {
  /** Accessible name of the trigger and the menu. */
  label: string;
  /** What the trigger shows (an icon or an avatar). */
  trigger: ReactNode;
  /** Menu content; receives `close` so an item can dismiss the menu. */
  children: (close: () => void) => ReactNode;
}

const MENU_ITEMS = '[role="menuitem"], [role="menuitemradio"]';

const Root = styled.div`
  position: relative;
`;

const Trigger = styled.button`
  display: inline-grid;
  place-items: center;
  min-width: 2.375rem;
  height: 2.375rem;
  padding: 0;
  border: 0;
  border-radius: ${({ theme }) => theme.radius.pill};
  background: transparent;
  color: ${({ theme }) => theme.colors.textMuted};
  cursor: pointer;
  &:hover { background: ${({ theme }) => theme.colors.hover}; }
`;

const Menu = styled.div`
  position: absolute;
  inset-inline-end: 0;
  top: calc(100% + 0.5rem);
  z-index: ${({ theme }) => theme.zIndex.overlay};
  min-width: 12rem;
  padding: 0.5rem;
  border-radius: ${({ theme }) => theme.radius.md};
  background: ${({ theme }) => theme.colors.surfaceRaised};
  box-shadow: ${({ theme }) => theme.shadows.lg};
`;

/**
 * A small menu for the top bar (user menu, theme, language): opens below its trigger, closes on Escape, on an
 * outside click and after a choice; arrow keys move between items.
 */
export function DropdownMenu({ label, trigger, children }: DropdownMenuProps) {
  const [open, setOpen] = useState(false);
  const rootRef = useRef<HTMLDivElement>(null);
  const triggerRef = useRef<HTMLButtonElement>(null);
  const menuRef = useRef<HTMLDivElement>(null);
  const menuId = useId();

  const close = useCallback(() => setOpen(false), []);

  useEffect(() => {
    if (!open) return;
    menuRef.current?.querySelector<HTMLElement>(MENU_ITEMS)?.focus();
    const onPointerDown = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [open]);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Escape') {
      setOpen(false);
      triggerRef.current?.focus();
      return;
    }
    if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp') return;
    event.preventDefault();
    const items = [...(menuRef.current?.querySelectorAll<HTMLElement>(MENU_ITEMS) ?? [])];
    const current = items.indexOf(document.activeElement as HTMLElement);
    const step = event.key === 'ArrowDown' ? 1 : -1;
    items[(current + step + items.length) % items.length]?.focus();
  };

  return (
    <Root ref={rootRef} onKeyDown={onKeyDown}>
      <Trigger
        ref={triggerRef}
        type="button"
        aria-label={label}
        title={label}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        onClick={() => setOpen((o) => !o)}
      >
        {trigger}
      </Trigger>
      {open ? (
        <Menu ref={menuRef} id={menuId} role="menu" aria-label={label}>
          {children(close)}
        </Menu>
      ) : null}
    </Root>
  );
}
