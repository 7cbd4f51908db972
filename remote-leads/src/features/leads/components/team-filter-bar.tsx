import styled from 'styled-components';
import { Button } from '@crm/shared/ui';

export interface TeamFilterBarProps {
  teamId?: number;
  onClear: () => void;
}

const Root = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 0.5rem 1rem;
  padding: 0.75rem 1.5rem 0;
  color: ${({ theme }) => theme.colors.textMuted};
`;

/**
 * The team filter a dashboard bar opens the list with (docs/decisions/076), which the toolbar has no control for: said
 * in words, with one button to drop it. The bar's created range has its own fields under "Ещё фильтры" (decision 077),
 * which open by themselves when a range is set, so it is not said twice.
 */
export function TeamFilterBar({ teamId, onClear }: TeamFilterBarProps) {
  if (teamId === undefined) return null;
  return (
    <Root role="status">
      <span>Показаны лиды выбранной команды</span>
      <Button variant="text" size="sm" onClick={onClear}>
        Сбросить
      </Button>
    </Root>
  );
}
