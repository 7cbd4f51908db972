import styled from 'styled-components';
import { ThemeFallback } from '@crm/shared/ui';
import { richTextContentStyles } from './components/content-styles';

export interface RichTextViewProps {
  /** HTML produced by RichTextEditor and sanitised by the server before it was stored. */
  html: string;
  className?: string;
}

const Content = styled.div`
  ${richTextContentStyles}
`;

/**
 * Shows stored rich text with the editor's styles. It trusts its input: pass only HTML the server has
 * sanitised (lead notes, documents, comments are sanitised before they are stored).
 */
export function RichTextView({ html, className }: RichTextViewProps) {
  return (
    <ThemeFallback>
      <Content className={className} dangerouslySetInnerHTML={{ __html: html }} />
    </ThemeFallback>
  );
}
