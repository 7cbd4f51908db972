import { useMemo } from 'react';
import styled from 'styled-components';
import { Card } from '@crm/shared/ui';
import { RichTextView } from '@crm/shared/editor/lazy';
import { htmlToText } from '../utils/html-to-text';

export interface LeadNotesCardProps {
  /** Sanitised HTML of the lead's notes. */
  html: string;
}

const Empty = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.colors.textMuted};
`;

/** The notes 'Общие заметки по Лиду', rendered as the editor wrote them. */
export function LeadNotesCard({ html }: LeadNotesCardProps) {
  // Markup without text or media (an empty paragraph) counts as no notes. Parsed once per text, not on each of the
  // page's renders (one per answer that arrives).
  const empty = useMemo(() => !htmlToText(html) && !/<(img|iframe|table)\b/i.test(html), [html]);
  return (
    <Card title="Общие заметки по Лиду">
      {empty ? (
        <Empty>Заметок нет</Empty>
      ) : (
        <RichTextView html={html} />
      )}
    </Card>
  );
}
