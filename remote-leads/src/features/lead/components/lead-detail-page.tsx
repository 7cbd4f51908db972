import { errorMessage } from '@crm/shared/api-client';
import { useEffect, type ReactNode } from 'react';
import { useNavigate, useParams } from '@crm/shared/router';
import styled from 'styled-components';
import { useAbility } from '@crm/shared/abilities/react';
import { parseRouteId } from '@crm/shared/forms';
import type { LeadDetail } from '@crm/shared/schemas';
import { Button, ErrorState, media, PageHeader, Spinner } from '@crm/shared/ui';
import { useDeleteLead } from '../../../api/delete-lead';
import { useLiveLeads } from '../../../hooks/use-live-leads';
import { formatLeadName } from '../../../utils/format-lead-name';
import { useLead } from '../api/get-lead';
import { LEADS_LIST_PATH } from '../utils/leads-list-path';
import { LeadDetailCard } from './lead-detail-card';
import { LeadNotesCard } from './lead-notes-card';

export interface LeadDetailPageProps {
  /** The comment timeline, composed in by the app (another feature). */
  renderComments?: (lead: LeadDetail) => ReactNode;
  /** The change history, composed in by the app (another feature). */
  renderHistory?: (lead: LeadDetail) => ReactNode;
  /** Who else is looking at the lead (presence), composed in by the app. */
  renderViewers?: (leadId: number) => ReactNode;
  /** Объединить (another feature): merging this lead with another one; given only the id while the lead loads. */
  renderMerge?: (lead: Pick<LeadDetail, 'id'>) => ReactNode;
}

const Layout = styled.div`
  display: grid;
  gap: 1.5rem;
  align-items: start;
  ${media.up('lg')} { grid-template-columns: minmax(0, 3fr) minmax(0, 2fr); }
`;

const Column = styled.div`
  display: flex;
  flex-direction: column;
  gap: 1.5rem;
  min-width: 0;
`;

// At least a window high: the shell's footer then starts below the first screen, instead of sitting at the window's
// bottom until the lead, its tasks and comments push it out (a layout shift; docs/decisions/080).
const Body = styled.div`
  min-height: 100vh;
`;

const Centered = styled.div`
  display: grid;
  place-items: center;
  padding: 3rem 0;
  color: ${({ theme }) => theme.colors.primaryText};
`;

/** /leads/:id: the lead's contacts, status, responsible users and notes, with its comments and history. */
export function LeadDetailPage({ renderComments, renderHistory, renderViewers, renderMerge }: LeadDetailPageProps) {
  const id = parseRouteId(useParams().id);
  const { data, error, isLoading, mutate } = useLead(id);
  const ability = useAbility();
  const navigate = useNavigate();
  const deleteLead = useDeleteLead();

  useEffect(() => {
    if (error && error.status !== 404) console.error('Ошибка загрузки лида', error);
  }, [error]);

  // Another user's change of this lead shows at once; a change of other leads is none of this page's business.
  useLiveLeads((event) => id !== null && event.ids.includes(id));

  const lead = data?.data;
  const notFound = id === null || error?.status === 404;

  const remove = async () => {
    if (id === null || !lead) return;
    if (await deleteLead({ id, name: formatLeadName(lead) || `#${lead.id}` })) navigate(LEADS_LIST_PATH);
  };

  // The edit route asks for `create lead` (the spec's route table says so) while saving asks for `edit lead`: offer it
  // only to who can do both.
  const canEdit = ability.can('edit', 'lead') && ability.can('create', 'lead');
  // The lead's actions are drawn while it loads too, so the header does not grow (moving the page down) when it
  // arrives: editing and merging need only the id; deleting names the lead in its question, so it waits for it.
  const shown = lead ?? (id !== null && !notFound && !error ? { id } : null);
  const actions = (
    <>
      {id !== null && !notFound ? renderViewers?.(id) : null}
      <Button variant="secondary" onClick={() => navigate(LEADS_LIST_PATH)}>
        К списку
      </Button>
      {shown && canEdit ? <Button onClick={() => navigate(`/leads/${shown.id}/edit`)}>Редактировать</Button> : null}
      {shown ? renderMerge?.(shown) : null}
      {shown && ability.can('delete', 'lead') ? (
        <Button variant="danger" disabled={!lead} onClick={() => void remove()}>
          Удалить
        </Button>
      ) : null}
    </>
  );

  let content;
  if (notFound) {
    content = <ErrorState title="Лид не найден" message="Возможно, он удалён или недоступен вам." />;
  } else if (error) {
    content = <ErrorState title="Не удалось загрузить лида" message={errorMessage(error)} onRetry={() => void mutate()} />;
  } else if (!lead || isLoading) {
    content = (
      <Centered>
        <Spinner label="Загрузка лида" />
      </Centered>
    );
  } else {
    content = (
      <Layout>
        <Column>
          <LeadDetailCard lead={lead} />
          <LeadNotesCard html={lead.additional_info} />
          {renderComments?.(lead)}
        </Column>
        <Column>{renderHistory?.(lead)}</Column>
      </Layout>
    );
  }

  return (
    <>
      <PageHeader title={lead ? formatLeadName(lead) || `Лид #${lead.id}` : 'Лид'} actions={actions} />
      <Body>{content}</Body>
    </>
  );
}
