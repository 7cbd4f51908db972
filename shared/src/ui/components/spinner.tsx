import styled, { keyframes } from 'styled-components';
import { withThemeFallback } from '../theme/with-theme-fallback';
import { useUiText } from '../i18n/ui-i18n';

export interface SpinnerProps {
  /** Diameter in px. */
  size?: number;
  /** Accessible name; pass '' when the surrounding control already says it is busy. */
  label?: string;
  className?: string;
}

const spin = keyframes`to { transform: rotate(360deg); }`;

const Ring = styled.span<{ $size: number }>`
  display: inline-block;
  flex: none;
  width: ${({ $size }) => $size}px;
  height: ${({ $size }) => $size}px;
  border: ${({ $size }) => Math.max(2, Math.round($size / 10))}px solid currentColor;
  border-inline-end-color: transparent;
  border-radius: 50%;
  animation: ${spin} 0.75s linear infinite;
  vertical-align: middle;
`;

function SpinnerView({ size = 24, label: givenLabel, className }: SpinnerProps) {
  const t = useUiText();
  const label = givenLabel ?? t('common.loadingLabel');
  return label ? (
    <Ring $size={size} className={className} role="progressbar" aria-label={label} />
  ) : (
    <Ring $size={size} className={className} aria-hidden />
  );
}

/** An indeterminate progress ring in the current text colour. */
export const Spinner = withThemeFallback(SpinnerView, 'Spinner');
