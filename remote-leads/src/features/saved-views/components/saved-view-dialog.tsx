import { useState, type FormEvent } from 'react';
import styled from 'styled-components';
import { ApiError, errorMessage } from '@crm/shared/api-client';
import type { SavedView, SavedViewVisibility } from '@crm/shared/schemas';
import { Button, Dialog, Select, TextField, useConfirm, useToast, type SelectOption } from '@crm/shared/ui';
import { useCreateSavedView } from '../api/create-saved-view';
import { useDeleteSavedView } from '../api/delete-saved-view';
import { useTeams } from '../api/get-teams';
import { useUpdateSavedView } from '../api/update-saved-view';
import type { ListState } from '../utils/list-state';

export interface SavedViewDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The view being renamed, shared or deleted; undefined: a new view of `state`. */
  view?: SavedView;
  /** The list's current state: what a new view saves. */
  state: ListState;
  /** `manage saved-views`: the visibility field is shown. */
  canShare: boolean;
  /** `view team`: the team choice is offered. */
  canViewTeams: boolean;
  /** After a new view is saved (to open its tab). */
  onCreated?: (view: SavedView) => void;
  /** After the view is deleted. */
  onDeleted?: (view: SavedView) => void;
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

/**
 * "Сохранить вид" and a tab's settings (rename, share, delete): the name, and for whoever may share, who else sees the
 * view. Fetched when first opened, so the list's first load does not carry it.
 */
export function SavedViewDialog({ open, onOpenChange, view, state, canShare, canViewTeams, onCreated, onDeleted }: SavedViewDialogProps) {
  const createView = useCreateSavedView();
  const updateView = useUpdateSavedView();
  const deleteView = useDeleteSavedView();
  const confirm = useConfirm();
  const toast = useToast();
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
      const values = { name: name.trim(), visibility, team_id: visibility === 'team' ? teamId : null };
      if (view) {
        await updateView(view.id, { version: view.version, ...values });
        toast.success('Вид сохранён');
      } else {
        const created = await createView({ ...values, query: state });
        toast.success(`Вид «${created.name}» сохранён`);
        onCreated?.(created);
      }
      onOpenChange(false);
    } catch (error) {
      if (error instanceof ApiError && Object.keys(error.errors).length > 0) setErrors(error.errors);
      else setFailure(errorMessage(error));
    } finally {
      setSaving(false);
    }
  }

  async function remove(target: SavedView) {
    if (!(await confirm(`Удалить вид «${target.name}»?`))) return;
    try {
      await deleteView(target.id);
      toast.success('Вид удалён');
      onOpenChange(false);
      onDeleted?.(target);
    } catch (error) {
      setFailure(errorMessage(error));
    }
  }

  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={view ? 'Настройки вида' : 'Сохранить вид'}
      footer={
        <Footer>
          {view ? (
            <Button className="delete" variant="danger" type="button" onClick={() => void remove(view)}>
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
