import { useEffect, useState, type FormEvent } from 'react';
import { useNavigate, useParams } from '@crm/shared/router';
import styled from 'styled-components';
import { ApiError, errorMessage, type FieldErrors } from '@crm/shared/api-client';
import { parseRouteId } from '@crm/shared/forms';
import { Button, Card, ErrorState, PageHeader, Select, Spinner, TextField, useToast, useUnsavedChangesGuard } from '@crm/shared/ui';
import { MultiSelect } from '@crm/shared/ui/multi-select';
import { useUserOptions } from '../../../api/get-user-options';
import { useTeam } from '../api/get-teams';
import { useSaveTeam } from '../api/save-team';

const Form = styled.form`
  display: flex;
  flex-direction: column;
  gap: 1.25rem;
  padding: 1.5rem;
  max-width: 40rem;
`;

const Actions = styled.div`
  display: flex;
  gap: 0.75rem;
`;

/** `:idEdit` of /team/:id-edit as a team id ("5-edit" → 5). */
function teamIdOf(idEdit: string | undefined): number | null {
  const match = /^(.+)-edit$/.exec(idEdit ?? '');
  return match ? parseRouteId(match[1]) : null;
}

/** /team/create and /team/:id-edit: name, description, team lead and members. */
export function TeamFormPage() {
  const params = useParams();
  const editing = params.idEdit !== undefined;
  const id = teamIdOf(params.idEdit);
  const { data: team, error: loadError, mutate } = useTeam(editing ? id : null);
  const { data: users } = useUserOptions();
  const saveTeam = useSaveTeam();
  const navigate = useNavigate();
  const toast = useToast();
  const [name, setName] = useState('');
  const [description, setDescription] = useState('');
  const [leadId, setLeadId] = useState<number | null>(null);
  const [memberIds, setMemberIds] = useState<number[]>([]);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [saving, setSaving] = useState(false);
  // The user's own edits only (not the load below) make leaving ask first (docs/decisions/064).
  const [changed, setChanged] = useState(false);
  const { allowNavigation } = useUnsavedChangesGuard(changed);
  const edit =
    <T,>(set: (value: T) => void) =>
    (value: T) => {
      setChanged(true);
      set(value);
    };

  useEffect(() => {
    if (!team) return;
    setName(team.data.name);
    setDescription(team.data.description);
    setLeadId(team.data.lead?.id ?? null);
    setMemberIds(team.data.members.map((m) => m.id));
  }, [team]);

  if (editing && (id === null || (loadError instanceof ApiError && loadError.status === 404))) {
    return <ErrorState title="Команда не найдена" />;
  }
  if (editing && loadError) return <ErrorState title="Не удалось загрузить команду" message={errorMessage(loadError)} onRetry={() => void mutate()} />;
  if (editing && !team) return <Spinner />;

  const userOptions = (users?.data ?? []).map((user) => ({ value: user.id, label: user.name }));

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (saving) return;
    setSaving(true);
    setErrors({});
    try {
      await saveTeam(editing ? id : null, { name, description, lead_id: leadId, member_ids: memberIds, version: team?.data.version });
      toast.success(editing ? 'Команда сохранена' : 'Команда добавлена');
      allowNavigation();
      navigate('/team');
    } catch (failure) {
      if (failure instanceof ApiError && failure.status === 422) setErrors(failure.errors);
      else toast.error(errorMessage(failure));
      setSaving(false);
    }
  };

  return (
    <>
      <PageHeader title={editing ? `Команда ${team?.data.name ?? ''}` : 'Новая команда'} />
      <Card flush>
        <Form onSubmit={(event) => void submit(event)} noValidate aria-label="Команда">
          <TextField label="Название" name="name" value={name} onChange={(e) => edit(setName)(e.target.value)} error={errors.name} autoFocus />
          <TextField label="Описание" name="description" value={description} onChange={(e) => edit(setDescription)(e.target.value)} error={errors.description} />
          <Select label="Руководитель" name="lead_id" placeholder="Без руководителя" isClearable options={userOptions} value={leadId} onChange={edit(setLeadId)} error={errors.lead_id} />
          <MultiSelect label="Участники" options={userOptions} value={memberIds} onChange={edit(setMemberIds)} error={errors.member_ids} />
          <Actions>
            <Button type="submit" loading={saving}>
              Сохранить
            </Button>
            <Button type="button" variant="secondary" onClick={() => navigate('/team')}>
              Отмена
            </Button>
          </Actions>
        </Form>
      </Card>
    </>
  );
}
