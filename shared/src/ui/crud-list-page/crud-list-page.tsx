import { useState, type ReactNode } from 'react';
import { Outlet, useNavigate } from '@crm/shared/router';
import styled from 'styled-components';
import { Can, useAbility } from '@crm/shared/abilities/react';
import { errorMessage } from '@crm/shared/api-client';
import type { AbilitySubject } from '@crm/shared/schemas/mini';
import { Button } from '../components/button';
import { Card } from '../components/card';
import { DataTable, type DataTableColumn, type DataTableProps, type RowId } from '../components/data-table';
import { ErrorState } from '../components/error-state';
import { IconButton } from '../components/icon-button';
import { PageHeader } from '../components/page-header';
import { useConfirm } from '../components/use-confirm';
import { useToast } from '../components/use-toast';
import { IconPlus, IconTrash } from '../icons/icons';
import { useClientPage } from './use-client-page';
import { useUiLanguage, useUiText } from '../i18n/ui-i18n';

export interface CrudListAdd {
  label: string;
  /** The add drawer's child route, relative to the list (`'AddStatusDrawer'`). */
  to: string;
  /** The button shows only with `create` on this subject. */
  subject: AbilitySubject;
}

export interface CrudListRemove<T> {
  /** Button label, e.g. 'Удалить'; the row's name is appended for its accessible name. */
  label: string;
  /** The column shows only with `delete` on this subject. */
  subject: AbilitySubject;
  /** Deletes the row and revalidates the list; a thrown ApiError's message becomes an error toast (e.g. a 409). */
  run: (row: T) => Promise<unknown>;
  successMessage: string;
  /** Names the row in the button's accessible name ('Удалить Новый'). */
  rowLabel?: (row: T) => string;
}

export interface CrudListPageProps<T> {
  title: ReactNode;
  columns: readonly DataTableColumn<T>[];
  /** The whole list (undefined until it loads); it is paged on the client. */
  rows: readonly T[] | undefined;
  rowKey: DataTableProps<T>['rowKey'];
  loading?: boolean;
  /** A failed load: shown instead of the table, with `onRetry`. */
  error?: Error | null;
  errorTitle?: string;
  onRetry?: () => void;
  add?: CrudListAdd;
  remove?: CrudListRemove<T>;
  'aria-label'?: string;
}

const Page = styled.div`
  display: flex;
  flex-direction: column;
  gap: 1.5rem;
`;

/**
 * The list page of a small reference table (lead statuses, document categories, comment steps, roles):
 * header with an "add" button that opens the add drawer's child route, a paged table with a delete button
 * per row that asks 'Уверены?' first, and the `<Outlet />` where the drawer renders. Buttons follow the
 * user's abilities. Needs the ToastProvider and ConfirmProvider the host and StandaloneApp mount.
 */
export function CrudListPage<T>({
  title,
  columns,
  rows,
  rowKey,
  loading = false,
  error,
  errorTitle,
  onRetry,
  add,
  remove,
  'aria-label': ariaLabel,
}: CrudListPageProps<T>) {
  const t = useUiText();
  const lng = useUiLanguage();
  const navigate = useNavigate();
  const ability = useAbility();
  const confirm = useConfirm();
  const toast = useToast();
  const paged = useClientPage(rows ?? []);
  const [deleting, setDeleting] = useState<RowId | null>(null);
  const idOf = (row: T): RowId => (typeof rowKey === 'function' ? rowKey(row) : (row[rowKey] as RowId));

  const handleDelete = async (row: T) => {
    if (!remove || !(await confirm())) return;
    setDeleting(idOf(row));
    try {
      await remove.run(row);
      toast.success(remove.successMessage);
    } catch (failure) {
      toast.error(errorMessage(failure, lng));
    } finally {
      setDeleting(null);
    }
  };

  const canDelete = remove !== undefined && ability.can('delete', remove.subject);
  const allColumns: readonly DataTableColumn<T>[] = canDelete
    ? [
        ...columns,
        {
          key: '__actions',
          header: '',
          align: 'end',
          width: 72,
          render: (row) => (
            <IconButton
              label={remove.rowLabel ? `${remove.label} ${remove.rowLabel(row)}` : remove.label}
              color="error"
              size="sm"
              disabled={deleting !== null}
              onClick={() => void handleDelete(row)}
            >
              <IconTrash size={18} />
            </IconButton>
          ),
        },
      ]
    : columns;

  return (
    <Page>
      <PageHeader
        title={title}
        actions={
          add ? (
            <Can I="create" a={add.subject}>
              <Button startIcon={<IconPlus size={18} />} onClick={() => navigate(add.to)}>
                {add.label}
              </Button>
            </Can>
          ) : undefined
        }
      />
      <Card flush>
        {error && !rows ? (
          <ErrorState title={errorTitle ?? t('table.loadFailed')} message={errorMessage(error, lng)} onRetry={onRetry} />
        ) : (
          <DataTable
            aria-label={ariaLabel}
            columns={allColumns}
            rows={paged.rows}
            rowKey={rowKey}
            loading={loading}
            page={paged.page}
            perPage={paged.perPage}
            total={paged.total}
            lastPage={paged.lastPage}
            onPageChange={paged.onPageChange}
            onPerPageChange={paged.onPerPageChange}
          />
        )}
      </Card>
      <Outlet />
    </Page>
  );
}
