import type { ReactNode } from 'react';
import { useTheme } from 'styled-components';
import { IconInbox } from '../icons/icons';
import { StateBadge, StateMessage, StateRoot, StateTitle } from './state-parts';
import { withThemeFallback } from '../theme/with-theme-fallback';
import { useUiText } from '../i18n/ui-i18n';

export interface EmptyStateProps {
  title?: ReactNode;
  message?: ReactNode;
  icon?: ReactNode;
  /** E.g. an "Add" button. */
  action?: ReactNode;
}

function EmptyStateView({ title, message, icon, action }: EmptyStateProps) {
  const t = useUiText();
  const theme = useTheme();
  return (
    <StateRoot>
      <StateBadge aria-hidden $color={theme.colors.secondary}>
        {icon ?? <IconInbox size={28} />}
      </StateBadge>
      <StateTitle>{title ?? t('table.noData')}</StateTitle>
      {message ? <StateMessage>{message}</StateMessage> : null}
      {action}
    </StateRoot>
  );
}

/** What a page shows when there is nothing yet; the kit's empty text ('Нет данных', 'No data available') by default. */
export const EmptyState = withThemeFallback(EmptyStateView, 'EmptyState');
