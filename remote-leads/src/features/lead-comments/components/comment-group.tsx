import styled from 'styled-components';
import type { CommentGroup as CommentGroupData } from '../utils/group-comments-by-step';
import { CommentItem } from './comment-item';

export interface CommentGroupProps {
  leadId: number;
  group: CommentGroupData;
  /** Id of the signed-in user, to offer edit and delete on their own comments. */
  currentUserId: number | null;
  onChanged: () => void;
}

const Section = styled.section`
  & + & { margin-top: 1.5rem; }
`;

const Title = styled.h3`
  display: flex;
  align-items: center;
  gap: 0.5rem;
  margin: 0 0 0.75rem;
  font-size: ${({ theme }) => theme.font.size};
  font-weight: 500;
  color: ${({ theme }) => theme.colors.text};
`;

const Dot = styled.span<{ $color: string }>`
  flex: none;
  width: 0.75rem;
  height: 0.75rem;
  border-radius: 50%;
  background: ${({ $color }) => $color};
`;

const Count = styled.span`
  font-size: ${({ theme }) => theme.font.sizeSm};
  color: ${({ theme }) => theme.colors.textMuted};
`;

const List = styled.ol`
  margin: 0;
  padding: 0 0 0 0.375rem;
  list-style: none;
`;

/** One comment step with its comments, oldest first. */
export function CommentGroup({ leadId, group, currentUserId, onChanged }: CommentGroupProps) {
  return (
    <Section aria-label={group.title}>
      <Title>
        {group.color ? <Dot $color={group.color} aria-hidden data-color={group.color} /> : null}
        {group.title}
        <Count>({group.comments.length})</Count>
      </Title>
      <List>
        {group.comments.map((comment) => (
          <CommentItem
            key={comment.id}
            leadId={leadId}
            comment={comment}
            own={currentUserId !== null && comment.author?.id === currentUserId}
            onChanged={onChanged}
          />
        ))}
      </List>
    </Section>
  );
}
