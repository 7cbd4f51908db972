import { lazy, Suspense, useMemo, useState } from 'react';
import styled from 'styled-components';
import { useAbility } from '@crm/shared/abilities/react';
import { errorMessage } from '@crm/shared/api-client';
import { useSWRConfig } from 'swr';
import { useSearchParams } from '@crm/shared/router';
import type { SavedView } from '@crm/shared/schemas';
import { Button, IconButton, IconPencil, useToast } from '@crm/shared/ui';
import { savedViewsKey, useSavedViews } from '../api/get-saved-views';
import { listState, listStateOfParams, paramsOfState, SAVED_VIEW_PARAM, sameListState } from '../utils/list-state';

// Fetched when first opened: the leads list's first load has a budget (e2e first-load-budget).
const SavedViewDialog = lazy(() => import('./saved-view-dialog').then((module) => ({ default: module.SavedViewDialog })));

const Bar = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 0.5rem;
`;

const Tabs = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 0.25rem;
  flex: 1;
`;

const Note = styled.p`
  flex-basis: 100%;
  margin: 0;
  color: ${({ theme }) => theme.colors.textMuted};
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
  const { mutate } = useSWRConfig();
  const toast = useToast();
  const [dialog, setDialog] = useState<DialogState>(null);

  const current = useMemo(() => listStateOfParams(params), [params]);
  const selectedId = Number(params.get(SAVED_VIEW_PARAM)) || undefined;
  const selected = views.find((view) => view.id === selectedId);
  const modified = selected !== undefined && !sameListState(current, listState(selected.query));

  const open = (view?: SavedView) => setParams(view ? paramsOfState(listState(view.query), view.id) : new URLSearchParams());

  async function saveChanges(view: SavedView) {
    try {
      // The writes load with the dialog's chunk: the list's first load has a budget (e2e first-load-budget).
      const { updateSavedView } = await import('../api/update-saved-view');
      await updateSavedView(view.id, { version: view.version, query: current });
      await mutate(savedViewsKey);
      toast.success('Вид сохранён');
    } catch (error) {
      toast.error(`Не удалось сохранить вид: ${errorMessage(error)}`);
    }
  }

  return (
    <Bar>
      <Tabs role="tablist" aria-label="Виды списка">
        <Button size="sm" variant={selected ? 'text' : 'secondary'} role="tab" aria-selected={!selected} onClick={() => open()}>
          Все лиды
        </Button>
        {views.map((view) => (
          <Button key={view.id} size="sm" variant={view === selected ? 'secondary' : 'text'} role="tab" aria-selected={view === selected} onClick={() => open(view)}>
            {view.name}
            {view === selected && modified ? <span role="img" aria-label="изменён">•</span> : null}
          </Button>
        ))}
      </Tabs>
      {selected?.own && modified ? (
        <Button size="sm" onClick={() => void saveChanges(selected)}>
          Сохранить изменения
        </Button>
      ) : null}
      {selected?.own ? (
        <IconButton size="sm" label="Настройки вида" onClick={() => setDialog({ kind: 'edit', view: selected })}>
          <IconPencil size={16} />
        </IconButton>
      ) : null}
      <Button size="sm" variant="secondary" onClick={() => setDialog({ kind: 'new' })}>
        Сохранить вид
      </Button>
      {selected && !selected.own ? (
        <Note>
          Вид от {selected.owner.name}: в нём видны только лиды, доступные вам.
        </Note>
      ) : null}
      {dialog ? (
        <Suspense fallback={null}>
          <SavedViewDialog
            key={dialog.kind === 'edit' ? `edit-${dialog.view.id}` : 'new'}
            open
            onOpenChange={(next) => (next ? undefined : setDialog(null))}
            view={dialog.kind === 'edit' ? dialog.view : undefined}
            state={current}
            canShare={canShare}
            canViewTeams={canViewTeams}
            onCreated={(view) => setParams(paramsOfState(current, view.id), { replace: true })}
            onDeleted={(view) => (view.id === selectedId ? setParams(paramsOfState(current), { replace: true }) : undefined)}
          />
        </Suspense>
      ) : null}
    </Bar>
  );
}
