import { useMemo, useState } from 'react';
import styled, { css } from 'styled-components';
import { useAbility } from '@crm/shared/abilities/react';
import { errorMessage } from '@crm/shared/api-client';
import { useSearchParams } from '@crm/shared/router';
import type { SavedView } from '@crm/shared/schemas';
import { Button, IconButton, IconPencil, useConfirm, useToast } from '@crm/shared/ui';
import { useCreateSavedView } from '../api/create-saved-view';
import { useDeleteSavedView } from '../api/delete-saved-view';
import { useSavedViews } from '../api/get-saved-views';
import { useUpdateSavedView } from '../api/update-saved-view';
import { listState, listStateOfParams, paramsOfState, SAVED_VIEW_PARAM, sameListState } from '../utils/list-state';
import { SavedViewDialog, type SavedViewDialogValues } from './saved-view-dialog';

const Bar = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 0.5rem 1rem;
`;

const Tabs = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 0.25rem;
  flex: 1;
  min-width: 0;
`;

const Tab = styled.button<{ $active: boolean }>`
  display: inline-flex;
  align-items: center;
  gap: 0.375rem;
  max-width: 100%;
  padding: 0.5rem 0.875rem;
  border: 0;
  border-bottom: 2px solid transparent;
  background: none;
  color: ${({ theme }) => theme.colors.textMuted};
  font: inherit;
  cursor: pointer;
  overflow-wrap: anywhere;
  ${({ $active, theme }) =>
    $active &&
    css`
      border-bottom-color: ${theme.colors.primary};
      color: ${theme.colors.primary};
      font-weight: 600;
    `}
`;

const Dot = styled.span`
  width: 0.5rem;
  height: 0.5rem;
  border-radius: 50%;
  background: ${({ theme }) => theme.colors.warning};
`;

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 0.5rem;
`;

const Note = styled.p`
  flex-basis: 100%;
  margin: 0;
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: 0.875rem;
`;

type DialogState = { kind: 'new' } | { kind: 'edit'; view: SavedView } | null;

/**
 * Tabs above the leads list (docs/decisions/077): "Все лиды" and the saved views. A tab writes its query into the URL
 * (with `saved_view`), so a view is a link; a view changed since it was opened shows a dot and "Сохранить изменения".
 */
export function SavedViewTabs() {
  const ability = useAbility();
  const canShare = ability.can('manage', 'saved-views');
  const canViewTeams = ability.can('view', 'team');
  const [params, setParams] = useSearchParams();
  const { data } = useSavedViews();
  const views = useMemo(() => data?.data ?? [], [data]);
  const createView = useCreateSavedView();
  const updateView = useUpdateSavedView();
  const deleteView = useDeleteSavedView();
  const confirm = useConfirm();
  const toast = useToast();
  const [dialog, setDialog] = useState<DialogState>(null);

  const current = useMemo(() => listStateOfParams(params), [params]);
  const selectedId = Number(params.get(SAVED_VIEW_PARAM)) || undefined;
  const selected = views.find((view) => view.id === selectedId);
  const modified = selected !== undefined && !sameListState(current, listState(selected.query));

  const open = (view?: SavedView) => setParams(view ? paramsOfState(listState(view.query), view.id) : new URLSearchParams());

  async function saveNew(values: SavedViewDialogValues) {
    const view = await createView({ ...values, query: current });
    setParams(paramsOfState(current, view.id), { replace: true });
    toast.success(`Вид «${view.name}» сохранён`);
  }

  async function saveSettings(view: SavedView, values: SavedViewDialogValues) {
    await updateView(view.id, { version: view.version, ...values });
    toast.success('Вид сохранён');
  }

  async function saveChanges(view: SavedView) {
    try {
      await updateView(view.id, { version: view.version, query: current });
      toast.success(`Изменения вида «${view.name}» сохранены`);
    } catch (error) {
      toast.error(`Не удалось сохранить вид: ${errorMessage(error)}`);
    }
  }

  async function remove(view: SavedView) {
    if (!(await confirm(`Удалить вид «${view.name}»?`))) return;
    try {
      await deleteView(view.id);
      setDialog(null);
      if (selectedId === view.id) setParams(paramsOfState(current), { replace: true });
      toast.success('Вид удалён');
    } catch (error) {
      toast.error(`Не удалось удалить вид: ${errorMessage(error)}`);
    }
  }

  return (
    <Bar>
      <Tabs role="tablist" aria-label="Виды списка">
        <Tab type="button" role="tab" aria-selected={selected === undefined} $active={selected === undefined} onClick={() => open()}>
          Все лиды
        </Tab>
        {views.map((view) => (
          <Tab
            key={view.id}
            type="button"
            role="tab"
            aria-selected={view.id === selected?.id}
            $active={view.id === selected?.id}
            title={view.own ? undefined : `${view.owner.name}${view.team ? ` · ${view.team.name}` : ''}`}
            onClick={() => open(view)}
          >
            {view.name}
            {view.id === selected?.id && modified ? <Dot role="img" aria-label="изменён" /> : null}
          </Tab>
        ))}
      </Tabs>
      <Actions>
        {selected?.own && modified ? (
          <Button size="sm" onClick={() => void saveChanges(selected)}>
            Сохранить изменения
          </Button>
        ) : null}
        {selected?.own ? <IconButton size="sm" label="Настройки вида" onClick={() => setDialog({ kind: 'edit', view: selected })}><IconPencil size={16} /></IconButton> : null}
        <Button size="sm" variant="secondary" onClick={() => setDialog({ kind: 'new' })}>
          Сохранить вид
        </Button>
      </Actions>
      {selected && !selected.own ? (
        <Note>
          Вид «{selected.name}» открыт от {selected.owner.name}: в нём видны только лиды, доступные вам.
        </Note>
      ) : null}
      {dialog ? (
        <SavedViewDialog
          key={dialog.kind === 'edit' ? `edit-${dialog.view.id}` : 'new'}
          open
          onOpenChange={(next) => (next ? undefined : setDialog(null))}
          view={dialog.kind === 'edit' ? dialog.view : undefined}
          canShare={canShare}
          canViewTeams={canViewTeams}
          onSubmit={(values) => (dialog.kind === 'edit' ? saveSettings(dialog.view, values) : saveNew(values))}
          onDelete={dialog.kind === 'edit' ? () => void remove(dialog.view) : undefined}
        />
      ) : null}
    </Bar>
  );
}
