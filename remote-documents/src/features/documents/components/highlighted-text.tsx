import styled from 'styled-components';
import type { HighlightPart } from '@crm/shared/schemas';

const Mark = styled.mark`
  padding: 0 0.125rem;
  border-radius: 3px;
  color: inherit;
  background: ${({ theme }) => theme.colors.warning}55;
`;

/** A search fragment with the matched words marked; every part is text, so nothing from a document runs as markup. */
export function HighlightedText({ parts }: { parts: readonly HighlightPart[] }) {
  return (
    <>
      {parts.map((part, index) => (part.match ? <Mark key={index}>{part.text}</Mark> : <span key={index}>{part.text}</span>))}
    </>
  );
}
