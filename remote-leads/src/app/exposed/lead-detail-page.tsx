import { useAbility } from '@crm/shared/abilities/react';
import { useNavigate } from '@crm/shared/router';
import type { LeadDetail } from '@crm/shared/schemas';
import { userDisplayName } from '@crm/shared/ui';
import { useCommentSteps } from '../../features/lead-comments/api/get-comment-steps';
import { LeadComments } from '../../features/lead-comments/components/lead-comments';
import { LeadHistory } from '../../features/lead-history/components/lead-history';
import { LeadViewers } from '../../features/lead-presence/components/lead-viewers';
import { useLeadStatuses } from '../../features/lead-statuses/api/get-lead-statuses';
import { useUsers } from '../../api/get-users';
import { LeadDetailPage } from '../../features/lead/components/lead-detail-page';
import { MergeLeadButton } from '../../features/lead-merge/components/merge-lead-button';
import { LeadTasks } from '../../features/tasks/components/lead-tasks';

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
      renderComments={(lead) => (
        <>
          <LeadTasks
            leadId={lead.id}
            steps={steps?.data}
            assignees={lead.responsible.map((user) => ({ id: user.id, name: userDisplayName(user) }))}
          />
          <LeadComments leadId={lead.id} />
        </>
      )}
      renderViewers={(leadId) => <LeadViewers leadId={leadId} />}
      renderMerge={(lead) => (
        // The kept lead may be the other one: this page then shows it (this lead is gone).
        <MergeLeadButton lead={lead} onMerged={(kept) => kept.id !== lead.id && navigate(`/leads/${kept.id}`)} />
      )}
      renderHistory={(lead) => (
        <LeadHistory
          leadId={lead.id}
          statuses={[...(statuses?.data ?? []), ...(lead.status ? [lead.status] : [])]}
          users={historyUsers(lead)}
          steps={steps?.data}
        />
      )}
    />
  );
}
