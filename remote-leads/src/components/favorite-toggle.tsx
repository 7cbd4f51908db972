import { memo } from 'react';
import { IconButton } from '@crm/shared/ui';
import { IconStar } from './icon-star';

export interface FavoriteToggleProps {
  leadId: number;
  /** Names the lead in the button's accessible name. */
  leadName: string;
  active: boolean;
  /** Given the lead and its star before the click; must be stable, the button is memoised. */
  onToggle: (leadId: number, active: boolean) => void;
  className?: string;
}

/** The caller's own star on a lead, in the table and on the kanban: a toggle button (aria-pressed). */
export const FavoriteToggle = memo(function FavoriteToggle({ leadId, leadName, active, onToggle, className }: FavoriteToggleProps) {
  return (
    <IconButton
      className={className}
      size="sm"
      color={active ? 'warning' : 'default'}
      label={`Избранное: ${leadName}`}
      title={active ? 'Убрать из избранного' : 'В избранное'}
      aria-pressed={active}
      onClick={() => onToggle(leadId, active)}
    >
      <IconStar size={18} fill={active ? 'currentColor' : 'none'} />
    </IconButton>
  );
});
