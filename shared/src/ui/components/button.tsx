import type { ComponentPropsWithRef, ReactNode } from 'react';
import styled, { css } from 'styled-components';
import { alpha } from '../tokens/alpha';
import { Spinner } from './spinner';
import { withThemeFallback } from '../theme/with-theme-fallback';

export type ButtonVariant = 'primary' | 'secondary' | 'danger' | 'text';
export type ButtonSize = 'sm' | 'md';

export interface ButtonProps extends ComponentPropsWithRef<'button'> {
  variant?: ButtonVariant;
  size?: ButtonSize;
  /** Shows a spinner and disables the button while an action runs. */
  loading?: boolean;
  startIcon?: ReactNode;
  endIcon?: ReactNode;
}

const variants = {
  primary: css`
    background: ${({ theme }) => theme.colors.primaryFill};
    color: ${({ theme }) => theme.colors.onPrimary};
    box-shadow: 0 2px 6px ${({ theme }) => alpha(theme.colors.primary, 0.3)};
    &:hover:not(:disabled) { filter: brightness(0.93); box-shadow: 0 4px 12px ${({ theme }) => alpha(theme.colors.primary, 0.35)}; }
  `,
  secondary: css`
    background: transparent;
    color: ${({ theme }) => theme.colors.textMuted};
    border-color: ${({ theme }) => theme.colors.borderStrong};
    &:hover:not(:disabled) { background: ${({ theme }) => theme.colors.hover}; }
  `,
  danger: css`
    background: ${({ theme }) => theme.colors.errorFill};
    color: ${({ theme }) => theme.colors.onError};
    box-shadow: 0 2px 6px ${({ theme }) => alpha(theme.colors.error, 0.3)};
    &:hover:not(:disabled) { filter: brightness(0.93); }
  `,
  text: css`
    background: transparent;
    color: ${({ theme }) => theme.colors.primaryText};
    &:hover:not(:disabled) { background: ${({ theme }) => alpha(theme.colors.primary, 0.08)}; }
  `,
};

const StyledButton = styled.button<{ $variant: ButtonVariant; $size: ButtonSize }>`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  gap: 0.5rem;
  min-height: ${({ $size }) => ($size === 'sm' ? '2rem' : '2.375rem')};
  padding: ${({ $size }) => ($size === 'sm' ? '0.25rem 0.875rem' : '0.5rem 1.25rem')};
  border: 1px solid transparent;
  border-radius: ${({ theme }) => theme.radius.md};
  font-size: ${({ $size, theme }) => ($size === 'sm' ? theme.font.sizeSm : theme.font.size)};
  font-weight: 500;
  line-height: 1.2;
  white-space: nowrap;
  cursor: pointer;
  user-select: none;
  transition: background ${({ theme }) => theme.transition}, box-shadow ${({ theme }) => theme.transition},
    filter ${({ theme }) => theme.transition};
  ${({ $variant }) => variants[$variant]}
  &:disabled { opacity: 0.55; cursor: not-allowed; box-shadow: none; }
`;

function ButtonView({
  variant = 'primary',
  size = 'md',
  loading = false,
  startIcon,
  endIcon,
  type = 'button',
  disabled,
  children,
  ...rest
}: ButtonProps) {
  return (
    <StyledButton
      type={type}
      $variant={variant}
      $size={size}
      disabled={disabled || loading}
      aria-busy={loading || undefined}
      {...rest}
    >
      {loading ? <Spinner size={16} label="" /> : startIcon}
      {children}
      {endIcon}
    </StyledButton>
  );
}

/** The kit's button. `type` defaults to "button" so a button in a form never submits by accident. */
export const Button = withThemeFallback(ButtonView, 'Button');
