import { useEffect, useId, useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import styled from 'styled-components';
import { IconDots } from './editor-icons';
import { TOOLBAR_PADDING } from './editor-frame';
import { TOOLBAR_BUTTON_SIZE, ToolbarButton } from './toolbar-button';
import { useUiText } from '@crm/shared/ui';

export interface ToolbarItem {
  key: string;
  label: string;
  icon: ReactNode;
  onSelect: () => void;
  // Toggle state; undefined for plain actions.
  pressed?: boolean;
  // Open state for actions that open a panel.
  expanded?: boolean;
  controls?: string;
  disabled?: boolean;
  // Starts a new group: a divider is drawn before it.
  groupStart?: boolean;
}

export interface OverflowToolbarProps {
  label: string;
  items: readonly ToolbarItem[];
}

const GAP = 2;
const DIVIDER = 9;
const PADDING = TOOLBAR_PADDING;
const MORE = TOOLBAR_BUTTON_SIZE + GAP;

// How many leading items fit in `width`, keeping room for the "more" button when some do not.
export function countFittingItems(items: readonly ToolbarItem[], width: number): number {
  // 0 means "not measured" (first paint, jsdom): show everything rather than fold it all away.
  if (width <= 0) return items.length;
  const widths = items.map((item, index) => TOOLBAR_BUTTON_SIZE + GAP + (item.groupStart && index > 0 ? DIVIDER : 0));
  const available = width - PADDING;
  if (widths.reduce((sum, w) => sum + w, 0) <= available) return items.length;
  let used = MORE;
  let count = 0;
  for (const w of widths) {
    if (used + w > available) break;
    used += w;
    count += 1;
  }
  return count;
}

const Root = styled.div`
  border-block-end: 1px solid ${({ theme }) => theme.colors.border};
`;

const Bar = styled.div`
  display: flex;
  align-items: center;
  gap: ${GAP}px;
  padding: ${PADDING / 2}px;
  min-width: 0;
  overflow: hidden;
`;

const Divider = styled.span`
  flex: none;
  width: 1px;
  height: 20px;
  margin: 0 ${(DIVIDER - 1) / 2}px;
  background: ${({ theme }) => theme.colors.border};
`;

const Spacer = styled.span`
  flex: 1;
`;

// Slides open by animating the row track from 0fr to 1fr; inert while closed so hidden buttons are not tabbable.
const Menu = styled.div<{ $open: boolean }>`
  display: grid;
  grid-template-rows: ${({ $open }) => ($open ? '1fr' : '0fr')};
  transition: grid-template-rows ${({ theme }) => theme.transition};
  border-block-start: ${({ theme, $open }) => ($open ? `1px solid ${theme.colors.border}` : '0')};
`;

// Vertical spacing comes from the children's margins: padding would stay visible while the track is 0fr.
const MenuInner = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 0 ${GAP}px;
  min-height: 0;
  overflow: hidden;
  padding-inline: ${PADDING / 2}px;
  & > * { margin-block: ${PADDING / 2}px; }
`;

function renderItem(item: ToolbarItem, withDivider: boolean) {
  return [
    withDivider ? <Divider key={`${item.key}-divider`} aria-hidden /> : null,
    <ToolbarButton
      key={item.key}
      label={item.label}
      icon={item.icon}
      onClick={item.onSelect}
      pressed={item.pressed}
      expanded={item.expanded}
      controls={item.controls}
      disabled={item.disabled}
    />,
  ];
}

// A one-line toolbar that folds what does not fit its width into a "more" menu sliding open beneath it
// (the spec's "sliding toolbar"). The width is watched with ResizeObserver; without one, every item stays visible.
export function OverflowToolbar({ label, items }: OverflowToolbarProps) {
  const t = useUiText();
  const rootRef = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState(0);
  const [menuOpen, setMenuOpen] = useState(false);
  const menuId = useId();

  useLayoutEffect(() => {
    const root = rootRef.current;
    if (!root) return;
    setWidth(root.clientWidth);
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver((entries) => {
      const entry = entries[entries.length - 1];
      if (entry) setWidth(Math.floor(entry.contentRect.width));
    });
    observer.observe(root);
    return () => observer.disconnect();
  }, []);

  const fitting = countFittingItems(items, width);
  const visible = items.slice(0, fitting);
  const overflow = items.slice(fitting);

  useEffect(() => {
    if (overflow.length === 0 && menuOpen) setMenuOpen(false);
  }, [overflow.length, menuOpen]);

  return (
    <Root ref={rootRef}>
      <Bar role="toolbar" aria-label={label}>
        {visible.map((item, index) => renderItem(item, Boolean(item.groupStart) && index > 0))}
        {overflow.length > 0 ? (
          <>
            <Spacer />
            <ToolbarButton
              label={t('editor.moreTools')}
              icon={<IconDots size={18} />}
              expanded={menuOpen}
              controls={menuId}
              onClick={() => setMenuOpen((open) => !open)}
            />
          </>
        ) : null}
      </Bar>
      {overflow.length > 0 ? (
        <Menu id={menuId} $open={menuOpen} inert={!menuOpen} aria-hidden={!menuOpen}>
          <MenuInner role="toolbar" aria-label={t('editor.moreTools')}>
            {overflow.map((item) => renderItem(item, false))}
          </MenuInner>
        </Menu>
      ) : null}
    </Root>
  );
}
