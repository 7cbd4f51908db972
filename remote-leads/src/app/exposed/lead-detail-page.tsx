import { useEffect } from 'react';
import { useAbility } from '@crm/shared/abilities/react';
import { useLocation, useNavigate } from '@crm/shared/router';
import type { LeadDetail } from '@crm/shared/schemas';
import { userDisplayName } from '@crm/shared/ui';
import { useCommentSteps } from '../../features/lead-comments/api/get-comment-steps';
import { LeadComments } from '../../features/lead-comments/components/lead-comments';
import { LeadHistory } from '../../features/lead-history/components/lead-history';
import { LeadViewers } from '../../features/lead-presence/components/lead-viewers';
import { useLeadStatuses } from '../../features/lead-statuses/api/get-lead-statuses';
import { useUsers } from '../../api/get-users';
import { DeferredBlock } from '../../components/deferred-block';
import { LeadDetailPage } from '../../features/lead/components/lead-detail-page';
import { MergeLeadButton } from '../../features/lead-merge/components/merge-lead-button';
import { LeadTasks } from '../../features/tasks/components/lead-tasks';
import { prepareDateTimeFormat } from '../../utils/format-date-time';

/**
 * Federation module ./lead-detail-page (/leads/:id): the lead with its open tasks, comment timeline and history. The history
 * stores ids; the statuses, users and steps known here turn them into names.
 */
export default function LeadDetailRoute() {
  const canViewUsers = useAbility().can('view', 'users');
  const navigate = useNavigate();
  // Read `data` here, not inside the render props: SWR re-renders a component only for the fields it read while rendering.
  const { data: statuses } = useLeadStatuses();
  const { data: users } = useUsers(canViewUsers);
  const { data: steps } = useCommentSteps();
  // A card's "Комментарий" quick action links to #comments: the timeline is then drawn with the page, to scroll to.
  const toComments = useLocation().hash === '#comments';
  // While the lead's answer is on its way.
  useEffect(prepareDateTimeFormat, []);

  const historyUsers = (lead: LeadDetail) =>
    [
      ...(users?.data ?? []),
      // Without `view users` the lead itself still names its current responsible users, creator and last editor.
      ...lead.responsible,
      ...(lead.creator ? [lead.creator] : []),
      ...(lead.updated_by ? [lead.updated_by] : []),
    ].map((user) => ({ id: user.id, name: userDisplayName(user) }));

  return (
    <LeadDetailPage
      // Tasks, comments and history are below the first screen on a phone: each is drawn in its own idle moment (or
      // when it comes into view), so the page's first render is the lead alone (docs/decisions/080). The held heights
      // are theirs on a phone with no tasks, comments or history.
      renderComments={(lead) => (
        <>
          <DeferredBlock minHeight={620} now={toComments}>
            <LeadTasks
              leadId={lead.id}
              steps={steps?.data}
              assignees={lead.responsible.map((user) => ({ id: user.id, name: userDisplayName(user) }))}
            />
          </DeferredBlock>
          <DeferredBlock minHeight={550} now={toComments}>
            <LeadComments leadId={lead.id} />
          </DeferredBlock>
        </>
      )}
      renderViewers={(leadId) => <LeadViewers leadId={leadId} />}
      renderMerge={(lead) => (
        // The kept lead may be the other one: this page then shows it (this lead is gone).
        <MergeLeadButton lead={lead} onMerged={(kept) => kept.id !== lead.id && navigate(`/leads/${kept.id}`)} />
      )}
      renderHistory={(lead) => (
        <DeferredBlock minHeight={110}>
          <LeadHistory
            leadId={lead.id}
            statuses={[...(statuses?.data ?? []), ...(lead.status ? [lead.status] : [])]}
            users={historyUsers(lead)}
            steps={steps?.data}
          />
        </DeferredBlock>
      )}
    />
  );
}
