import { useState, type FormEvent } from 'react';
import styled from 'styled-components';
import { ApiError, errorMessage } from '@crm/shared/api-client';
import type { SavedView, SavedViewVisibility } from '@crm/shared/schemas';
import { Button, Dialog, Select, TextField, type SelectOption } from '@crm/shared/ui';
import { useTeams } from '../api/get-teams';

/** What the dialog hands back: the name and who sees the view. */
export interface SavedViewDialogValues {
  name: string;
  visibility: SavedViewVisibility;
  team_id: number | null;
}

export interface SavedViewDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The view being renamed or shared; undefined: a new view of the current list. */
  view?: SavedView;
  /** `manage saved-views`: the visibility field is shown. */
  canShare: boolean;
  /** `view team`: the team choice is offered. */
  canViewTeams: boolean;
  onSubmit: (values: SavedViewDialogValues) => Promise<void>;
  /** Deletes the view (settings of an own view only). */
  onDelete?: () => void;
}

const VISIBILITY_OPTIONS: SelectOption<SavedViewVisibility>[] = [
  { value: 'personal', label: 'Только я' },
  { value: 'team', label: 'Команда' },
  { value: 'everyone', label: 'Все' },
];

const Form = styled.form`
  display: flex;
  flex-direction: column;
  gap: 1.25rem;
`;

const Note = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: 0.875rem;
`;

const Footer = styled.div`
  display: flex;
  flex-wrap: wrap;
  justify-content: flex-end;
  gap: 0.75rem;
  & > .delete { margin-inline-end: auto; }
`;

/** "Сохранить вид" and a tab's settings: the name, and for whoever may share, who else sees the view. */
export function SavedViewDialog({ open, onOpenChange, view, canShare, canViewTeams, onSubmit, onDelete }: SavedViewDialogProps) {
  const [name, setName] = useState(view?.name ?? '');
  const [visibility, setVisibility] = useState<SavedViewVisibility>(view?.visibility ?? 'personal');
  const [teamId, setTeamId] = useState<number | null>(view?.team?.id ?? null);
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const teams = useTeams(open && canShare && canViewTeams && visibility === 'team');
  const teamOptions = (teams.data?.data ?? []).map((team) => ({ value: team.id, label: team.name }));
  const formId = view ? `saved-view-${view.id}` : 'saved-view-new';

  async function submit(event: FormEvent) {
    event.preventDefault();
    setSaving(true);
    setErrors({});
    setFailure(null);
    try {
      await onSubmit({ name: name.trim(), visibility, team_id: visibility === 'team' ? teamId : null });
      onOpenChange(false);
    } catch (error) {
      if (error instanceof ApiError && Object.keys(error.errors).length > 0) setErrors(error.errors);
      else setFailure(errorMessage(error));
    } finally {
      setSaving(false);
    }
  }

  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={view ? 'Настройки вида' : 'Сохранить вид'}
      footer={
        <Footer>
          {onDelete ? (
            <Button className="delete" variant="danger" type="button" onClick={onDelete}>
              Удалить
            </Button>
          ) : null}
          <Button variant="secondary" type="button" onClick={() => onOpenChange(false)}>
            Отмена
          </Button>
          <Button type="submit" form={formId} disabled={saving}>
            Сохранить
          </Button>
        </Footer>
      }
    >
      <Form id={formId} onSubmit={submit} noValidate>
        <TextField label="Название" value={name} maxLength={60} autoFocus onChange={(e) => setName(e.target.value)} error={errors.name} />
        {canShare ? (
          <Select<SavedViewVisibility>
            label="Кто видит"
            options={VISIBILITY_OPTIONS}
            value={visibility}
            onChange={(value) => setVisibility(value ?? 'personal')}
            error={errors.visibility}
          />
        ) : null}
        {canShare && visibility === 'team' ? (
          <Select<number>
            label="Команда"
            placeholder="Выберите команду"
            options={teamOptions}
            value={teamId}
            onChange={(value) => setTeamId(value ?? null)}
            isLoading={teams.isLoading}
            error={errors.team_id}
          />
        ) : null}
        {visibility !== 'personal' ? <Note>Вид — это фильтры, а не доступ: каждый увидит в нём только тех лидов, которые доступны ему самому.</Note> : null}
        {failure ? <Note role="alert">{failure}</Note> : null}
      </Form>
    </Dialog>
  );
}
