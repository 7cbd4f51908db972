import styled from 'styled-components';
import { Spinner, ThemeFallback, useUiText } from '@crm/shared/ui';

export interface EditorFallbackProps {
  /** Height to reserve, so the page does not jump when the editor arrives. */
  height?: number;
  /** Spinner label; the kit's "loading the editor" text by default. */
  label?: string;
}

const Box = styled.div<{ $height: number }>`
  display: grid;
  place-items: center;
  min-height: ${({ $height }) => $height}px;
  color: ${({ theme }) => theme.colors.primaryText};
`;

/** What shows while the lazily loaded editor (or its view) is fetched, at the height it will take. */
export function EditorFallback({ height = 120, label }: EditorFallbackProps) {
  const t = useUiText();
  return (
    <ThemeFallback>
      <Box $height={height}>
        <Spinner label={label ?? t('editor.loading')} />
      </Box>
    </ThemeFallback>
  );
}
