import type { ComponentPropsWithRef } from 'react';
import styled from 'styled-components';
import { alpha } from '../tokens/alpha';
import type { ColorName } from '../tokens/colors';
import { withThemeFallback } from '../theme/with-theme-fallback';

export interface IconButtonProps extends ComponentPropsWithRef<'button'> {
  /** Accessible name, also shown as the tooltip; `aria-label` works too. */
  label?: string;
  color?: ColorName | 'default';
  size?: 'sm' | 'md';
}

const Root = styled.button<{ $color: ColorName | 'default'; $size: 'sm' | 'md' }>`
  display: inline-grid;
  place-items: center;
  width: ${({ $size }) => ($size === 'sm' ? '1.875rem' : '2.375rem')};
  height: ${({ $size }) => ($size === 'sm' ? '1.875rem' : '2.375rem')};
  padding: 0;
  border: 0;
  border-radius: 50%;
  background: transparent;
  color: ${({ theme, $color }) => ($color === 'default' ? theme.colors.textMuted : theme.colors[$color])};
  cursor: pointer;
  transition: background ${({ theme }) => theme.transition};
  &:hover:not(:disabled) {
    background: ${({ theme, $color }) => ($color === 'default' ? theme.colors.hover : alpha(theme.colors[$color], 0.12))};
  }
  &:disabled { opacity: 0.45; cursor: not-allowed; }
`;

function IconButtonView({ label, color = 'default', size = 'md', type = 'button', title, ...rest }: IconButtonProps) {
  const name = rest['aria-label'] ?? label;
  return <Root type={type} $color={color} $size={size} aria-label={name} title={title ?? name} {...rest} />;
}

/** A round button holding only an icon; it must be given a `label` (or `aria-label`). */
export const IconButton = withThemeFallback(IconButtonView, 'IconButton');
