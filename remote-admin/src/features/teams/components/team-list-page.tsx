import { useEffect, useState } from 'react';
import { Link, useNavigate } from '@crm/shared/router';
import styled from 'styled-components';
import { Can, useAbility } from '@crm/shared/abilities/react';
import { errorMessage } from '@crm/shared/api-client';
import { useListQuery } from '@crm/shared/lists';
import { type Team, teamQuerySchema } from '@crm/shared/schemas';
import { Button, Card, DataTable, type DataTableColumn, ErrorState, IconButton, IconPlus, IconTrash, PageHeader, TextField, useConfirm, useToast, AvatarStack } from '@crm/shared/ui';

import { useTeams } from '../api/get-teams';
import { useDeleteTeam } from '../api/save-team';

const Toolbar = styled.div`
  padding: 1.25rem 1.5rem;
  max-width: 24rem;
`;

const Small = styled.span`
  display: block;
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: 0.8125rem;
`;

/** /team: every team with its lead, member avatars and count; search by name. The URL holds the search, page and size. */
export function TeamListPage() {
  const { query, update, tableProps } = useListQuery(teamQuerySchema);
  // What is typed (the URL keeps it trimmed); follows the URL when it changes elsewhere (back, a link).
  const [q, setQ] = useState(query.q ?? '');
  useEffect(() => setQ((typed) => (typed.trim() === (query.q ?? '') ? typed : (query.q ?? ''))), [query.q]);
  const { data, error, isLoading, mutate } = useTeams(query);
  const ability = useAbility();
  const navigate = useNavigate();
  const deleteTeam = useDeleteTeam();
  const confirm = useConfirm();
  const toast = useToast();

  const remove = async (team: Team) => {
    if (!(await confirm(`Удалить команду ${team.name}? Её участники останутся.`, { confirmLabel: 'Удалить', cancelLabel: 'Отмена' }))) return;
    try {
      await deleteTeam(team.id);
      toast.success('Команда удалена');
    } catch (failure) {
      toast.error(errorMessage(failure));
    }
  };

  const columns: DataTableColumn<Team>[] = [
    {
      key: 'name',
      header: 'Команда',
      render: (team) =>
        ability.can('edit', 'team') ? (
          <Link to={`/team/${team.id}-edit`}>
            {team.name}
            <Small>{team.description}</Small>
          </Link>
        ) : (
          <span>
            {team.name}
            <Small>{team.description}</Small>
          </span>
        ),
    },
    { key: 'lead', header: 'Руководитель', render: (team) => team.lead?.name ?? '—' },
    { key: 'members', header: 'Участники', render: (team) => <AvatarStack users={team.members} total={team.members_count} /> },
    { key: 'members_count', header: 'Количество', align: 'end', width: 96 },
  ];
  if (ability.can('delete', 'team')) {
    columns.push({
      key: '__actions',
      header: '',
      align: 'end',
      width: 72,
      render: (team) => (
        <IconButton label={`Удалить ${team.name}`} size="sm" color="error" onClick={() => void remove(team)}>
          <IconTrash size={18} />
        </IconButton>
      ),
    });
  }

  return (
    <>
      <PageHeader
        title="Команды"
        actions={
          <Can I="create" a="team">
            <Button startIcon={<IconPlus size={18} />} onClick={() => navigate('/team/create')}>
              Добавить команду
            </Button>
          </Can>
        }
      />
      <Card flush>
        <Toolbar>
          <TextField
            label="Поиск"
            name="q"
            type="search"
            value={q}
            placeholder="Название команды"
            onChange={(e) => {
              setQ(e.target.value);
              update({ q: e.target.value.trim() || undefined }, { replace: true });
            }}
          />
        </Toolbar>
        {error && !data ? (
          <ErrorState title="Не удалось загрузить команды" message={errorMessage(error)} onRetry={() => void mutate()} />
        ) : (
          <DataTable
            aria-label="Команды"
            columns={columns}
            rows={data?.data ?? []}
            rowKey="id"
            loading={isLoading}
            {...tableProps(data?.meta)}
          />
        )}
      </Card>
    </>
  );
}
