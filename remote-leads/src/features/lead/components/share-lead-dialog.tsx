import { errorMessage } from '@crm/shared/api-client';
import { useEffect, useId, useState } from 'react';
import { useNavigate } from '@crm/shared/router';
import styled from 'styled-components';
import type { LeadAssignee } from '@crm/shared/schemas';
import { Button, Chip, Dialog, EmptyState, ErrorState, Spinner, TextField, useConfirm, useToast, userDisplayName } from '@crm/shared/ui';
import { useAssignLead } from '../api/assign-lead';
import { useLeadAssignees } from '../api/get-lead-assignees';
import { LEADS_LIST_PATH } from '../utils/leads-list-path';

export interface ShareLeadDialogProps {
  leadId: number;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The signed-in user, marked 'это вы' in the list. */
  currentUserId?: number;
  /** The lead's responsible users as saved, marked 'текущий ответственный'. */
  responsibleIds?: readonly number[];
}

/** The share dialog is at most 800 px wide. */
export const SHARE_DIALOG_MAX_WIDTH = 800;

const List = styled.ul`
  margin: 0;
  padding: 0;
  list-style: none;
`;

const Row = styled.li`
  display: flex;
  align-items: center;
  justify-content: space-between;
  gap: 1rem;
  padding: 0.75rem 0;
  border-bottom: 1px solid ${({ theme }) => theme.colors.border};
  &:last-child { border-bottom: 0; }
`;

const Who = styled.div`
  min-width: 0;
  overflow-wrap: anywhere;
`;

const Name = styled.div`
  color: ${({ theme }) => theme.colors.text};
  font-weight: 500;
`;

const Marks = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 0.25rem;
  margin: 0.125rem 0;
`;

const Email = styled.div`
  font-size: ${({ theme }) => theme.font.sizeSm};
  color: ${({ theme }) => theme.colors.textMuted};
`;

// Long enough to let a name be typed, short enough to feel live.
const SEARCH_DEBOUNCE_MS = 300;

const Search = styled.div`
  margin-bottom: 0.5rem;
`;

const Centered = styled.div`
  display: grid;
  place-items: center;
  padding: 2rem 0;
  color: ${({ theme }) => theme.colors.primaryText};
`;

/**
 * 'Передать лид': the users as "name (role)" and e-mail, each with 'Передать'. After 'Уверены?' the lead is
 * handed over to that user and the app goes to the leads list. The users come from GET /api/leads/assignees, which
 * needs `assign lead` like the hand-over itself (decision 014); a search narrows the first 50. The signed-in user and
 * the lead's current responsible users are marked, so nobody hands a lead to its owner or to themself by mistake.
 */
export function ShareLeadDialog({ leadId, open, onOpenChange, currentUserId, responsibleIds = [] }: ShareLeadDialogProps) {
  const [text, setText] = useState('');
  const [search, setSearch] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setSearch(text.trim()), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text]);
  const { data, error, isLoading, mutate } = useLeadAssignees({ search: search || undefined }, open);
  const confirm = useConfirm();
  const toast = useToast();
  const navigate = useNavigate();
  const assignLead = useAssignLead();
  const [busyId, setBusyId] = useState<number | null>(null);
  const idPrefix = useId();

  const handOver = async (user: LeadAssignee) => {
    if (busyId !== null || !(await confirm('Уверены?'))) return;
    setBusyId(user.id);
    try {
      await assignLead(leadId, user.id);
    } catch (failure) {
      setBusyId(null);
      console.error('Ошибка передачи лида', failure);
      toast.error(`Не удалось передать лид${failure ? `: ${errorMessage(failure)}` : ''}`);
      return;
    }
    toast.success(`Лид передан: ${userDisplayName(user)}`);
    onOpenChange(false);
    navigate(LEADS_LIST_PATH);
  };

  const users = data?.data ?? [];
  let body;
  if (isLoading && !data) {
    body = (
      <Centered>
        <Spinner label="Загрузка пользователей" />
      </Centered>
    );
  } else if (error) {
    body = <ErrorState title="Не удалось загрузить пользователей" message={errorMessage(error)} onRetry={() => void mutate()} />;
  } else if (users.length === 0) {
    body = <EmptyState />;
  } else {
    body = (
      <List>
        {users.map((user) => (
          <Row key={user.id}>
            <Who id={`${idPrefix}-user-${user.id}`}>
              <Name>{`${userDisplayName(user)} (${user.role})`}</Name>
              {user.id === currentUserId || responsibleIds.includes(user.id) ? (
                <Marks>
                  {user.id === currentUserId ? <Chip size="sm" color="primary">это вы</Chip> : null}
                  {responsibleIds.includes(user.id) ? <Chip size="sm" color="info">текущий ответственный</Chip> : null}
                </Marks>
              ) : null}
              <Email>{user.email}</Email>
            </Who>
            <Button
              size="sm"
              aria-describedby={`${idPrefix}-user-${user.id}`}
              loading={busyId === user.id}
              disabled={busyId !== null && busyId !== user.id}
              onClick={() => void handOver(user)}
            >
              Передать
            </Button>
          </Row>
        ))}
      </List>
    );
  }

  return (
    <Dialog open={open} onOpenChange={onOpenChange} title="Передать лид" maxWidth={SHARE_DIALOG_MAX_WIDTH}>
      <Search>
        <TextField
          label="Поиск пользователя"
          type="search"
          placeholder="Имя или e-mail"
          value={text}
          onChange={(event) => setText(event.target.value)}
        />
      </Search>
      {body}
    </Dialog>
  );
}
