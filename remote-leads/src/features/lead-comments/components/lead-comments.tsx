import { useEffect, useMemo } from 'react';
import { useLocation } from '@crm/shared/router';
import styled from 'styled-components';
import { errorMessage, getStoredUser, usePendingDeletes } from '@crm/shared/api-client';
import { Card, ErrorState, Spinner } from '@crm/shared/ui';
import { pendingCommentKey } from '../api/delete-lead-comment';
import { useCommentSteps } from '../api/get-comment-steps';
import { useLeadComments } from '../api/get-lead-comments';
import { useRevalidateLead } from '../hooks/use-revalidate-lead';
import { groupCommentsByStep } from '../utils/group-comments-by-step';
import { AddCommentForm } from './add-comment-form';
import { CommentGroup } from './comment-group';

export interface LeadCommentsProps {
  leadId: number;
}

const Centered = styled.div`
  display: grid;
  place-items: center;
  padding: 1.5rem 0;
  color: ${({ theme }) => theme.colors.primaryText};
`;

const Empty = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.colors.textMuted};
`;

/** The lead's comment timeline grouped by comment step, with the form that adds one. */
export function LeadComments({ leadId }: LeadCommentsProps) {
  const steps = useCommentSteps();
  const comments = useLeadComments(leadId);
  const revalidate = useRevalidateLead(leadId);
  const currentUserId = getStoredUser()?.id ?? null;
  // A card's "Комментарий" quick action on a phone links here with #comments: bring the timeline and its form into view.
  const { hash } = useLocation();
  useEffect(() => {
    if (hash === '#comments') document.getElementById('comments')?.scrollIntoView?.({ block: 'start' });
  }, [hash]);

  const orderedSteps = useMemo(
    () => [...(steps.data?.data ?? [])].sort((a, b) => a.position - b.position || a.id - b.id),
    [steps.data],
  );
  // A comment whose delete waits for 'Отменить' stays hidden, whatever a refetch answers (docs/decisions/064).
  const pending = usePendingDeletes();
  const groups = useMemo(
    () => groupCommentsByStep((comments.data?.data ?? []).filter((c) => !pending.has(pendingCommentKey(c.id))), orderedSteps),
    [comments.data, orderedSteps, pending],
  );

  let timeline;
  if (comments.error) {
    timeline = (
      <ErrorState
        title="Не удалось загрузить комментарии"
        message={errorMessage(comments.error)}
        onRetry={() => void comments.mutate()}
      />
    );
  } else if (!comments.data) {
    timeline = (
      <Centered>
        <Spinner label="Загрузка комментариев" />
      </Centered>
    );
  } else if (groups.length === 0) {
    timeline = <Empty>Комментариев пока нет</Empty>;
  } else {
    timeline = groups.map((group) => (
      <CommentGroup key={group.key} leadId={leadId} group={group} currentUserId={currentUserId} onChanged={revalidate} />
    ));
  }

  return (
    <Card title="Комментарии" id="comments">
      {timeline}
      <AddCommentForm leadId={leadId} steps={orderedSteps} stepsLoading={steps.isLoading} onAdded={revalidate} />
    </Card>
  );
}
