import styled from 'styled-components';
import { Button } from '@crm/shared/ui';

export interface CreatedFilterBarProps {
  createdFrom?: string;
  createdTo?: string;
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

const day = (value: string) => value.split('-').reverse().join('.');

/**
 * The filters a dashboard bar opens the list with (docs/decisions/076), which the toolbar has no control for: said in
 * words, with one button to drop them.
 */
export function CreatedFilterBar({ createdFrom, createdTo, teamId, onClear }: CreatedFilterBarProps) {
  if (createdFrom === undefined && createdTo === undefined && teamId === undefined) return null;
  const parts = [
    createdFrom !== undefined || createdTo !== undefined
      ? `созданные ${createdFrom !== undefined ? `с ${day(createdFrom)}` : ''}${createdFrom !== undefined && createdTo !== undefined ? ' ' : ''}${createdTo !== undefined ? `по ${day(createdTo)}` : ''}`
      : undefined,
    teamId !== undefined ? 'выбранной команды' : undefined,
  ].filter(Boolean);
  return (
    <Root role="status">
      <span>Показаны лиды {parts.join(', ')}</span>
      <Button variant="text" size="sm" onClick={onClear}>
        Сбросить
      </Button>
    </Root>
  );
}
