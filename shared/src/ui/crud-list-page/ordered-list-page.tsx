import { useState, type ReactNode } from 'react';
import { Outlet, useNavigate } from '@crm/shared/router';
import styled from 'styled-components';
import { Can } from '@crm/shared/abilities/react';
import { errorMessage } from '@crm/shared/api-client';
import { Button } from '../components/button';
import { Card } from '../components/card';
import { ErrorState } from '../components/error-state';
import { PageHeader } from '../components/page-header';
import { useConfirm } from '../components/use-confirm';
import { useToast } from '../components/use-toast';
import { useUiLanguage, useUiText } from '../i18n/ui-i18n';
import { IconPlus } from '../icons/icons';
import type { CrudListAdd } from './crud-list-page';
import type { OrderedColorItem } from './ordered-color-table';

/** What the page hands its table: the rows, and the order and deletion it runs. */
export interface OrderedListTableState<T> {
  items: readonly T[];
  loading: boolean;
  reordering: boolean;
  deletingId: number | null;
  onReorder: (ordered: T[]) => void;
  onDelete: (item: T) => void;
}

export interface OrderedListPageProps<T extends OrderedColorItem> {
  title: string;
  add: CrudListAdd;
  /** Title of the error shown when the list cannot load. */
  errorTitle: string;
  items: readonly T[] | undefined;
  loading: boolean;
  error?: Error | null;
  onRetry: () => void;
  /** Saves every item in the new order; a failure is an error toast. */
  reorder: (ordered: T[]) => Promise<unknown>;
  remove: {
    /** Deletes the item (after 'Уверены?'). */
    run: (item: T) => Promise<unknown>;
    successMessage: string;
    /** A failure the screen answers itself (a status in use asks for a replacement): true when it did. */
    onFailure?: (item: T, failure: unknown) => boolean | Promise<boolean>;
    /**
     * After 'Уверены?', the screen may take over instead of deleting at once (a category with documents asks where
     * they go first): true when it did.
     */
    handOff?: (item: T) => boolean;
  };
  /** The screen's table (an `OrderedColorTable` with its labels, rename and colour), given the page's state. */
  renderTable: (state: OrderedListTableState<T>) => ReactNode;
  /** The screen's own dialogs. */
  children?: ReactNode;
}

const Page = styled.div`
  display: flex;
  flex-direction: column;
  gap: 1.5rem;
`;

/**
 * A settings page of ordered items (lead statuses, comment steps, document categories): the add button opening its drawer's child route,
 * the table, moves saved at once (one at a time), deletion after 'Уверены?' with the row's button busy, and the
 * `<Outlet />` the drawer renders in.
 */
export function OrderedListPage<T extends OrderedColorItem>({
  title,
  add,
  errorTitle,
  items,
  loading,
  error,
  onRetry,
  reorder,
  remove,
  renderTable,
  children,
}: OrderedListPageProps<T>) {
  const t = useUiText();
  const lng = useUiLanguage();
  const navigate = useNavigate();
  const confirm = useConfirm();
  const toast = useToast();
  const [reordering, setReordering] = useState(false);
  const [deletingId, setDeletingId] = useState<number | null>(null);

  const move = async (ordered: T[]) => {
    setReordering(true);
    try {
      await reorder(ordered);
    } catch (failure) {
      toast.error(t('orderedTable.reorderFailed', { message: errorMessage(failure, lng) }));
    } finally {
      setReordering(false);
    }
  };

  const erase = async (item: T) => {
    if (!(await confirm())) return;
    if (remove.handOff?.(item)) return;
    setDeletingId(item.id);
    try {
      await remove.run(item);
      toast.success(remove.successMessage);
    } catch (failure) {
      if (!(await remove.onFailure?.(item, failure))) toast.error(errorMessage(failure, lng));
    } finally {
      setDeletingId(null);
    }
  };

  return (
    <Page>
      <PageHeader
        title={title}
        actions={
          <Can I="create" a={add.subject}>
            <Button startIcon={<IconPlus size={18} />} onClick={() => navigate(add.to)}>
              {add.label}
            </Button>
          </Can>
        }
      />
      <Card flush>
        {error && !items ? (
          <ErrorState title={errorTitle} message={errorMessage(error, lng)} onRetry={onRetry} />
        ) : (
          renderTable({
            items: items ?? [],
            loading,
            reordering,
            deletingId,
            onReorder: (ordered) => void move(ordered),
            onDelete: (item) => void erase(item),
          })
        )}
      </Card>
      {children}
      <Outlet />
    </Page>
  );
}
