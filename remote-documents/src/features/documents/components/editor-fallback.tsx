import styled from 'styled-components';
import { Spinner } from '@crm/shared/ui';

const Box = styled.div<{ $height: number }>`
  display: grid;
  place-items: center;
  min-height: ${({ $height }) => $height}px;
  color: ${({ theme }) => theme.colors.primaryText};
`;

/** What shows while the lazily loaded editor (or its view) is fetched, at the height it will take. */
export function EditorFallback({ height = 120 }: { height?: number }) {
  return (
    <Box $height={height}>
      <Spinner label="Загрузка редактора" />
    </Box>
  );
}
