import type { ReactNode } from 'react';
import { useTheme } from 'styled-components';
import { IconAlertTriangle, IconRefresh } from '../icons/icons';
import { Button } from './button';
import { StateBadge, StateMessage, StateRoot, StateTitle } from './state-parts';
import { withThemeFallback } from '../theme/with-theme-fallback';
import { useUiText } from '../i18n/ui-i18n';

export interface ErrorStateProps {
  title: ReactNode;
  message?: ReactNode;
  /** Shows a 'Retry' button. */
  onRetry?: () => void;
}

function ErrorStateView({ title, message, onRetry }: ErrorStateProps) {
  const t = useUiText();
  const theme = useTheme();
  return (
    <StateRoot role="alert">
      <StateBadge aria-hidden $color={theme.colors.error}>
        <IconAlertTriangle size={28} />
      </StateBadge>
      <StateTitle>{title}</StateTitle>
      {message ? <StateMessage>{message}</StateMessage> : null}
      {onRetry ? (
        <Button variant="primary" startIcon={<IconRefresh size={18} />} onClick={onRetry}>
          {t('common.retry')}
        </Button>
      ) : null}
    </StateRoot>
  );
}

/** An inline failure (e.g. a remote that did not load) with an optional 'Retry'. */
export const ErrorState = withThemeFallback(ErrorStateView, 'ErrorState');
