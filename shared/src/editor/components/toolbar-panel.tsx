import type { KeyboardEvent, ReactNode } from 'react';
import styled from 'styled-components';

export interface ToolbarPanelProps {
  id: string;
  label: string;
  onClose: () => void;
  children: ReactNode;
}

const Root = styled.div`
  padding: 0.75rem;
  border-block-end: 1px solid ${({ theme }) => theme.colors.border};
  background: ${({ theme }) => theme.colors.surface};
`;

// The strip under the toolbar where an action asks for details (a link, an image, a table size, an emoji).
// It is not a <form>: the editor usually sits inside one, and forms cannot nest.
export function ToolbarPanel({ id, label, onClose, children }: ToolbarPanelProps) {
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape') {
      event.stopPropagation();
      onClose();
    }
  };
  return (
    <Root id={id} role="group" aria-label={label} onKeyDown={onKeyDown}>
      {children}
    </Root>
  );
}
