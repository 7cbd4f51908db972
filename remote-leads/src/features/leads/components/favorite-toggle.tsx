import { memo } from 'react';
import { IconButton } from '@crm/shared/ui';
import { IconStar } from '../../../components/icon-star';

export interface FavoriteToggleProps {
  leadId: number;
  /** Names the lead in the button's accessible name. */
  leadName: string;
  active: boolean;
  onToggle: (leadId: number) => void;
}

/** The caller's own star on a lead: a toggle button (aria-pressed). */
export const FavoriteToggle = memo(function FavoriteToggle({ leadId, leadName, active, onToggle }: FavoriteToggleProps) {
  return (
    <IconButton
      size="sm"
      color={active ? 'warning' : 'default'}
      label={`Избранное: ${leadName}`}
      title={active ? 'Убрать из избранного' : 'В избранное'}
      aria-pressed={active}
      onClick={() => onToggle(leadId)}
    >
      <IconStar size={18} fill={active ? 'currentColor' : 'none'} />
    </IconButton>
  );
});
