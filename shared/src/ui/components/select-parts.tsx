import styled, { css } from 'styled-components';
import { alpha } from '../tokens/alpha';
import { SELECT_MENU_MAX_HEIGHT } from '../tokens/constants';

// The pieces Select (Radix, and its stand-in until Radix has loaded) and MultiSelect (downshift) share, so both look like TextField and like each other.

/** Text a clear/"all" entry shows when the caller names none. */
export const DEFAULT_CLEAR_LABEL = '—';

/** The outlined, compact box around a select's value; `fieldBoxFocused` is its focused look. */
export const fieldBox = css<{ $invalid: boolean }>`
  position: relative;
  display: flex;
  align-items: center;
  width: 100%;
  min-height: 2.375rem;
  padding: 0.1875rem 0.5rem 0.1875rem 0.875rem;
  border: 1px solid ${({ theme, $invalid }) => ($invalid ? theme.colors.error : theme.colors.borderStrong)};
  border-radius: ${({ theme }) => theme.radius.md};
  background: transparent;
  color: ${({ theme }) => theme.colors.text};
  font: inherit;
  font-size: ${({ theme }) => theme.font.size};
  line-height: 1.5;
  text-align: start;
  transition: border-color ${({ theme }) => theme.transition}, box-shadow ${({ theme }) => theme.transition};
  &:hover:not([data-disabled]) {
    border-color: ${({ theme, $invalid }) => ($invalid ? theme.colors.error : theme.colors.textMuted)};
  }
  &[data-disabled] { opacity: 0.6; cursor: not-allowed; }
`;

/** The focus ring of a field box, as TextField draws it (2px border, soft shadow, content kept still). */
export const fieldBoxFocused = css<{ $invalid: boolean }>`
  outline: none;
  border-width: 2px;
  padding: 0.125rem 0.4375rem 0.125rem 0.8125rem;
  border-color: ${({ theme, $invalid }) => ($invalid ? theme.colors.error : theme.colors.primary)};
  box-shadow: 0 2px 6px ${({ theme, $invalid }) => alpha($invalid ? theme.colors.error : theme.colors.primary, 0.25)};
  &:hover:not([data-disabled]) {
    border-color: ${({ theme, $invalid }) => ($invalid ? theme.colors.error : theme.colors.primary)};
  }
`;

/**
 * The closed Select: a button drawn as a field box. Radix's trigger and the stand-in drawn before Radix has loaded
 * (select.tsx) both wear it, so nothing moves when one replaces the other.
 */
export const selectTrigger = css<{ $invalid: boolean }>`
  ${fieldBox}
  cursor: pointer;
  &:focus,
  &[data-state='open'] { ${fieldBoxFocused} }
  &[data-placeholder] > span:first-child { color: ${({ theme }) => theme.colors.textPlaceholder}; }
`;

/** The Select's value (or placeholder) inside its field box. */
export const SelectValueText = styled.span`
  flex: 1;
  min-width: 0;
  padding-block: 0.25rem;
  overflow: hidden;
  white-space: nowrap;
  text-overflow: ellipsis;
`;

/** Room in the field for the ×, which sits over it but outside the trigger (a button cannot hold a button). */
export const SelectClearSpace = styled.span`
  width: 1.25rem;
`;

/** Chevron, spinner and clear button at the inline end of a field box. */
export const Indicators = styled.span`
  display: inline-flex;
  flex: none;
  align-items: center;
  gap: 0.125rem;
  margin-inline-start: auto;
  padding-inline-start: 0.25rem;
  color: ${({ theme }) => theme.colors.textMuted};
  pointer-events: none;
  & > * { pointer-events: auto; }
`;

/** A small round button among the indicators (a select's ×, a multi-select's chevron); callers keep it out of the tab order. */
export const IndicatorButton = styled.button`
  display: grid;
  place-items: center;
  padding: 0.125rem;
  border: 0;
  border-radius: 50%;
  background: transparent;
  color: inherit;
  cursor: pointer;
  &:hover { background: ${({ theme }) => theme.colors.hover}; color: ${({ theme }) => theme.colors.text}; }
`;

/** The floating menu: at most 310 px tall, scrolling inside, above dialogs (overlay z-index). */
export const menuSurface = css`
  box-sizing: border-box;
  z-index: ${({ theme }) => theme.zIndex.overlay};
  max-height: ${SELECT_MENU_MAX_HEIGHT}px;
  margin: 0;
  padding: 0.375rem;
  overflow-y: auto;
  list-style: none;
  background: ${({ theme }) => theme.colors.surfaceRaised};
  color: ${({ theme }) => theme.colors.text};
  border-radius: ${({ theme }) => theme.radius.md};
  box-shadow: ${({ theme }) => theme.shadows.lg};
  font-size: ${({ theme }) => theme.font.size};
`;

/**
 * One option row. Both libraries mark state with data attributes: `data-highlighted` (keyboard or pointer focus),
 * `data-state="checked"` (the chosen one), `data-disabled`.
 */
export const menuOption = css`
  display: flex;
  align-items: center;
  gap: 0.5rem;
  margin-bottom: 2px;
  padding: 0.5rem 0.75rem;
  border-radius: ${({ theme }) => theme.radius.md};
  outline: none;
  cursor: pointer;
  user-select: none;
  &:last-child { margin-bottom: 0; }
  &[data-highlighted] { background: ${({ theme }) => alpha(theme.colors.primary, 0.12)}; }
  &[data-state='checked'] {
    background: ${({ theme }) => theme.colors.primaryFill};
    color: ${({ theme }) => theme.colors.onPrimary};
  }
  &[data-state='checked'][data-highlighted] { background: ${({ theme }) => alpha(theme.colors.primary, 0.88)}; }
  &[data-disabled] { color: ${({ theme }) => theme.colors.textDisabled}; cursor: not-allowed; }
`;

/** "No options" / "Loading…" inside an empty menu. */
export const MenuNote = styled.div`
  padding: 0.5rem 0.75rem;
  color: ${({ theme }) => theme.colors.textMuted};
`;
