import type { ReactNode } from 'react';
import styled, { useTheme } from 'styled-components';
import { IconX } from '../icons/icons';
import { alpha } from '../tokens/alpha';
import type { ColorName } from '../tokens/colors';
import { themeTextShade } from '../theme/app-theme';
import { withThemeFallback } from '../theme/with-theme-fallback';
import { useUiText } from '../i18n/ui-i18n';

export interface ChipProps {
  children?: ReactNode;
  /** A palette name, or any `#RRGGBB` (e.g. a lead status's own colour). */
  color?: ColorName | (string & {});
  size?: 'sm' | 'md';
  /** Shows a remove button. */
  onDelete?: () => void;
  deleteLabel?: string;
  /** -1 keeps the remove button out of the tab order where the chip is removed by keyboard another way. */
  deleteTabIndex?: number;
  className?: string;
}

// The colour itself tints the background; the text takes its shade readable there (docs/decisions/043).
const Root = styled.span<{ $color: string; $size: 'sm' | 'md' }>`
  display: inline-flex;
  align-items: center;
  gap: 0.25rem;
  max-width: 100%;
  padding: ${({ $size }) => ($size === 'sm' ? '0.0625rem 0.625rem' : '0.25rem 0.75rem')};
  border-radius: ${({ theme }) => theme.radius.pill};
  font-size: ${({ theme }) => theme.font.sizeSm};
  font-weight: 500;
  line-height: 1.4;
  white-space: nowrap;
  color: ${({ theme, $color }) => themeTextShade(theme, $color)};
  background: ${({ $color }) => alpha($color, 0.16)};
`;

const Remove = styled.button`
  display: grid;
  place-items: center;
  margin-inline-end: -0.375rem;
  padding: 0.125rem;
  border: 0;
  border-radius: 50%;
  background: transparent;
  color: inherit;
  cursor: pointer;
  &:hover { background: rgba(0, 0, 0, 0.08); }
`;

function ChipView({ children, color = 'primary', size = 'sm', onDelete, deleteLabel, deleteTabIndex, className }: ChipProps) {
  const t = useUiText();
  const theme = useTheme();
  const resolved = color in theme.colors ? theme.colors[color as ColorName] : color;
  return (
    <Root $color={resolved} $size={size} className={className}>
      {children}
      {onDelete ? (
        <Remove type="button" aria-label={deleteLabel ?? t('common.remove')} tabIndex={deleteTabIndex} onClick={onDelete}>
          <IconX size={14} />
        </Remove>
      ) : null}
    </Root>
  );
}

/** A small tonal label, e.g. a lead's status. */
export const Chip = withThemeFallback(ChipView, 'Chip');
