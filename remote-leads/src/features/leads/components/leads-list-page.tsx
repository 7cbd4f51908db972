import { errorMessage } from '@crm/shared/api-client';
import { lazy, Suspense, useCallback, useDeferredValue, useMemo, useState, type ReactNode } from 'react';
import { useNavigate } from '@crm/shared/router';
import styled from 'styled-components';
import { Can, useAbility } from '@crm/shared/abilities/react';
import { usePendingDeletes } from '@crm/shared/api-client';
import { useListQuery } from '@crm/shared/lists';
import type { LeadStatus } from '@crm/shared/schemas';
import { Button, Card, ErrorState, IconPlus, PageHeader, type SelectOption, useBreakpointDown, userDisplayName } from '@crm/shared/ui';
import { pendingLeadKey } from '../../../api/delete-lead';
import { useLeads, type LeadsFilters } from '../../../api/get-leads';
import { useUsers } from '../../../api/get-users';
import { useLiveLeads } from '../../../hooks/use-live-leads';
import { useRevalidateLeads } from '../../../hooks/use-revalidate-leads';
import { useLeadRowActions } from '../hooks/use-lead-row-actions';
import { shownLeadColumns } from '../utils/lead-columns';
import { leadsUrlSchema } from '../utils/leads-url-schema';
import { TeamFilterBar } from './team-filter-bar';
import { LeadColumnsButton } from './lead-columns-button';
import { LeadsTable } from './leads-table';
import { LeadsToolbar } from './leads-toolbar';
import { ViewSwitch } from './view-switch';

/** Cards for a phone (below 600 px): fetched only by a narrow window, so the desktop's first load stays lean. */
const LeadsCardList = lazy(() => import('./leads-card-list').then((module) => ({ default: module.LeadsCardList })));

/** What the bulk-actions slot is given while rows are selected. */
export interface LeadsBulkSlot {
  selectedIds: readonly number[];
  statusOptions: readonly SelectOption<number>[];
  /** Users to hand the leads over to; undefined without `view users`. */
  userOptions: readonly SelectOption<number>[] | undefined;
  /** Call after a bulk action: clears the selection and reloads the list. */
  onDone: () => void;
  onClear: () => void;
}

export interface LeadsListPageProps {
  /** The statuses in position order; app/ passes them from the lead-statuses feature. */
  statuses: readonly LeadStatus[];
  statusesLoading?: boolean;
  /** Extra header buttons (import, export), given the current filters; app/ composes them from other features. */
  renderActions?: (filters: LeadsFilters) => ReactNode;
  /** The bar shown above the table while rows are selected; without it rows cannot be selected. */
  renderBulkActions?: (slot: LeadsBulkSlot) => ReactNode;
  /** The kanban view, given the search, responsible-user and favourites filters; without it there is no view switch. */
  renderKanban?: (filters: LeadsFilters) => ReactNode;
  /** Возможные дубли, a view for whoever may merge (edit and delete lead); without it the view is not offered. */
  renderDuplicates?: () => ReactNode;
  /** Shown between the header and the list: the saved views' tabs, which app/ composes from their feature. */
  tabs?: ReactNode;

}

const Page = styled.div`
  display: flex;
  flex-direction: column;
  gap: 1.5rem;
`;

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 0.75rem;
`;

// Holds the cards' place while their chunk loads, so the footer does not jump (docs/decisions/080).
const CardsLoading = styled.div`
  min-height: 100vh;
`;

const NO_IDS: readonly number[] = [];
const KEEP_PAGE = ['view', 'columns'] as const;

/** /leads/list: a server page of leads or the kanban; every control writes the URL, and the URL drives the requests. */
/** The viewer's time zone: the date filters' days are theirs (docs/decisions/077). */
const viewerTimeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

export function LeadsListPage({ statuses, statusesLoading, renderActions, renderBulkActions, renderKanban, renderDuplicates, tabs }: LeadsListPageProps) {

  const navigate = useNavigate();
  const ability = useAbility();
  const canViewUsers = ability.can('view', 'users');
  const canSelect = renderBulkActions !== undefined && (ability.can('edit', 'lead') || ability.can('delete', 'lead'));
  const revalidateLeads = useRevalidateLeads();
  // Table and kanban alike: another user's change refreshes the open page within a second.
  useLiveLeads();
  // The view and the shown columns are the URL's too, but changing them keeps the page.
  const { query, update, tableProps } = useListQuery(leadsUrlSchema, { keepPage: KEEP_PAGE });
  const canSeeDuplicates = renderDuplicates !== undefined && ability.can('edit', 'lead') && ability.can('delete', 'lead');
  const views = [
    'table' as const,
    ...(renderKanban ? (['kanban'] as const) : []),
    ...(canSeeDuplicates ? (['duplicates'] as const) : []),
  ];
  const view = views.includes(query.view) ? query.view : 'table';
  // A phone shows the leads as cards and folds the filters into a drawer: a table there is one column wide.
  const narrow = useBreakpointDown('sm');

  // A shared link may carry a user filter the reader cannot see; it is not applied rather than applied invisibly.
  // Everything the URL holds but paging, the view and the columns is a filter or the sort (the CSV export takes these
  // and keeps every column); the date filters' days are the viewer's (sent with `tz` only when a range is set,
  // docs/decisions/077).
  const { page: _page, per_page: _perPage, view: _view, columns, after: _after, before: _before, cursors: _cursors, ...chosen } = query;
  const shownColumns = useMemo(() => shownLeadColumns(columns), [columns]);
  const chosenKey = JSON.stringify(chosen);
  const filters = useMemo<LeadsFilters>(() => {
    const dated = chosen.created_from || chosen.created_to || chosen.updated_from || chosen.updated_to;
    return { ...chosen, search: chosen.search || undefined, user_id: canViewUsers ? chosen.user_id : undefined, tz: dated ? viewerTimeZone() : undefined };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `chosenKey` is `chosen` by value
  }, [chosenKey, canViewUsers]);

  const kanbanFilters = useMemo<LeadsFilters>(() => ({ ...filters, status_id: undefined }), [filters]);
  // cursors=1: meta also says whether the total is a capped count or an estimate ("из более чем 10000").
  const request = useMemo(
    () => ({ ...filters, page: query.page, per_page: query.per_page, cursors: '1' as const }),
    [filters, query.page, query.per_page],
  );

  const { data, error, isLoading, mutate } = useLeads(view === 'table' ? request : null);
  // A lead whose delete waits for 'Отменить' stays hidden, whatever a refetch answers (docs/decisions/064).
  const pending = usePendingDeletes();
  const fetchedRows = useMemo(() => (data?.data ?? []).filter((lead) => !pending.has(pendingLeadKey(lead.id))), [data, pending]);
  // SWR hands its answers over through useSyncExternalStore, which React renders at once: a page of rows (or cards)
  // drawn where there were none is one long task on a phone. Rows arriving into an empty list are drawn from a deferred
  // copy, rendered in slices that let the browser in between (docs/decisions/081), the list saying it is loading until
  // then; once rows are shown, a change to them (a star, a status, a refetch) is drawn at once.
  const deferredRows = useDeferredValue(fetchedRows);
  const rows = deferredRows.length === 0 ? deferredRows : fetchedRows;
  const rowsLoading = isLoading || (rows.length === 0 && fetchedRows.length > 0);
  const users = useUsers(canViewUsers);
  const userOptions = useMemo(
    () => (canViewUsers ? (users.data?.data ?? []).map((user) => ({ value: user.id, label: userDisplayName(user) })) : undefined),
    [canViewUsers, users.data],
  );
  const statusOptions = useMemo(() => statuses.map((status) => ({ value: status.id, label: status.name })), [statuses]);

  const [selectedIds, setSelectedIds] = useState<readonly number[]>(NO_IDS);
  // A selection survives paging and sorting, but not a new filter: a bulk delete must not reach leads no longer shown.
  const selectionScope = JSON.stringify({ ...filters, sort: undefined });

  const [selectedIn, setSelectedIn] = useState(selectionScope);
  if (selectedIn !== selectionScope) {
    setSelectedIn(selectionScope);
    setSelectedIds(NO_IDS);
  }
  const clearSelection = useCallback(() => setSelectedIds(NO_IDS), []);
  const afterBulk = useCallback(() => {
    setSelectedIds(NO_IDS);
    revalidateLeads();
  }, [revalidateLeads]);

  const actions = useLeadRowActions(statuses);
  const { remove } = actions;
  const handleDelete = useCallback(
    async (leadId: number, leadName: string) => {
      if (await remove(leadId, leadName)) setSelectedIds((ids) => ids.filter((id) => id !== leadId));
    },
    [remove],
  );

  return (
    <Page>
      <PageHeader
        title="Лиды"
        actions={
          <Actions>
            {views.length > 1 ? <ViewSwitch view={view} views={views} onChange={(next) => update({ view: next })} /> : null}
            {view === 'table' ? (
              <LeadColumnsButton shown={shownColumns} onChange={(next) => update({ columns: next })} />
            ) : null}
            {renderActions?.(filters)}
            <Can I="create" a="lead">
              <Button startIcon={<IconPlus size={18} />} onClick={() => navigate('/leads/create')}>
                Добавить лида
              </Button>
            </Can>
          </Actions>
        }
      />
      {tabs}
      {view === 'duplicates' ? renderDuplicates?.() : null}
      {view === 'duplicates' ? null : (

      <Card flush>
        <LeadsToolbar
          search={query.search ?? ''}
          statusId={query.status_id}
          userId={filters.user_id}
          favorite={query.favorite === '1'}
          statusOptions={statusOptions}
          statusesLoading={statusesLoading}
          showStatus={view === 'table'}
          userOptions={userOptions}
          usersLoading={users.isLoading}
          onSearchChange={(search) => update({ search }, { replace: true })}
          onStatusChange={(status_id) => update({ status_id })}
          // A responsible user and "without responsible user" exclude each other (the API refuses both).
          onUserChange={(user_id) => update(user_id === undefined ? { user_id } : { user_id, no_user: undefined })}
          onFavoriteChange={(favorite) => update({ favorite: favorite ? '1' : undefined })}
          extra={query}
          onExtraChange={(patch) => update(patch.no_user === '1' ? { ...patch, user_id: undefined } : patch)}
          narrow={narrow}
        />
        <TeamFilterBar teamId={query.team_id} onClear={() => update({ team_id: undefined })} />
        {view === 'kanban' && renderKanban ? null : (
          <>
            {canSelect && !narrow && selectedIds.length > 0
              ? renderBulkActions?.({ selectedIds, statusOptions, userOptions, onDone: afterBulk, onClear: clearSelection })
              : null}
            {error && !data ? (
              <ErrorState title="Не удалось загрузить лидов" message={errorMessage(error)} onRetry={() => void mutate()} />
            ) : narrow ? (
              <Suspense fallback={<CardsLoading />}>
                <LeadsCardList
                  rows={rows}
                  loading={rowsLoading}
                  paging={tableProps(data?.meta)}
                  statuses={statuses}
                  onStatusChange={actions.changeStatus}
                  onToggleFavorite={actions.toggleFavorite}
                  shown={shownColumns}
                />
              </Suspense>
            ) : (
              <LeadsTable
                rows={rows}
                loading={rowsLoading}
                paging={tableProps(data?.meta)}
                statuses={statuses}
                onStatusChange={actions.changeStatus}
                onToggleFavorite={actions.toggleFavorite}
                onDelete={handleDelete}
                selectedIds={canSelect ? selectedIds : undefined}
                onSelectionChange={canSelect ? setSelectedIds : undefined}
                shownColumns={shownColumns}
              />
            )}
          </>
        )}
      </Card>
      )}
      {view === 'kanban' ? renderKanban?.(kanbanFilters) : null}
    </Page>
  );
}
