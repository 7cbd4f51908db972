import styled, { css } from 'styled-components';

const item = css`
  display: flex;
  align-items: center;
  gap: 0.625rem;
  width: 100%;
  padding: 0.5rem 0.75rem;
  border: 0;
  border-radius: ${({ theme }) => theme.radius.sm};
  background: transparent;
  color: ${({ theme }) => theme.colors.text};
  font-size: ${({ theme }) => theme.font.size};
  text-align: start;
  text-decoration: none;
  cursor: pointer;
  &:hover, &:focus-visible { background: ${({ theme }) => theme.colors.hover}; text-decoration: none; outline: none; }
  &[aria-checked='true'] { color: ${({ theme }) => theme.colors.primaryText}; }
`;

/** A button entry of a DropdownMenu; pass `role="menuitemradio"` and `aria-checked` for a choice. */
export const MenuItem = styled.button.attrs((props) => ({ type: 'button' as const, role: props.role ?? 'menuitem' }))`
  ${item}
`;

/** The look of a menu entry, for links (`styled(Link)`) that live in a DropdownMenu. */
export const menuItemStyle = item;
