import styled from 'styled-components';
import { Spinner } from '@crm/shared/ui';

export interface EditorFallbackProps {
  /** Height to reserve, so the page does not jump when the editor arrives. */
  height?: number;
  label?: string;
}

const Box = styled.div<{ $height: number }>`
  display: grid;
  place-items: center;
  min-height: ${({ $height }) => $height}px;
  color: ${({ theme }) => theme.colors.primaryText};
`;

/** What shows while the lazily loaded editor (or its view) is fetched. */
export function EditorFallback({ height = 120, label = 'Загрузка редактора' }: EditorFallbackProps) {
  return (
    <Box $height={height}>
      <Spinner label={label} />
    </Box>
  );
}
