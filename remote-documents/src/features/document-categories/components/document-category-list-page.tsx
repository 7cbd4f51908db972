import { useState } from 'react';
import styled from 'styled-components';
import { useAbility } from '@crm/shared/abilities/react';
import { errorMessage } from '@crm/shared/api-client';
import type { DocumentCategory } from '@crm/shared/schemas';
import { Button, Dialog, OrderedColorTable, OrderedListPage, Select, Spinner, useToast } from '@crm/shared/ui';
import { useDeleteDocumentCategory } from '../api/delete-document-category';
import { useDocumentCategories } from '../api/get-document-categories';
import { useRenameDocumentCategory } from '../api/rename-document-category';
import { useReorderDocumentCategories } from '../api/reorder-document-categories';

const Count = styled.span`
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.font.sizeSm};
`;

const ADD = { label: 'Добавить категорию', to: 'AddDrawer', subject: 'document-category' } as const;

/** A category as the kit's ordered table draws it: its title as the row's name. */
type CategoryRow = DocumentCategory & { name: string };

const COLUMNS = [{ header: 'Документы', width: '140px', cell: (row: CategoryRow) => <Count>{row.documents_count} док.</Count> }];

/**
 * /document-category/list: the categories in their order with their document counts, on the kit's
 * `OrderedListPage` and ordered table (as lead statuses and comment steps are). Add opens the AddDrawer child route; rename in place (click the
 * title); reorder by drag and drop or the arrow buttons; delete after 'Уверены?', moving the documents of a category in
 * use to one the user picks.
 */
export function DocumentCategoryListPage() {
  const ability = useAbility();
  const canEdit = ability.can('edit', 'document-category');
  const canDelete = ability.can('delete', 'document-category');
  const { data, error, isLoading, mutate } = useDocumentCategories();
  const deleteCategory = useDeleteDocumentCategory();
  const renameCategory = useRenameDocumentCategory();
  const reorder = useReorderDocumentCategories();
  const toast = useToast();
  const [moving, setMoving] = useState<{ category: DocumentCategory; target: number | null } | null>(null);
  const categories = data?.data ?? [];
  const rows: CategoryRow[] | undefined = data?.data.map((category) => ({ ...category, name: category.title }));

  const removeMovingTo = async (category: DocumentCategory, moveTo: number) => {
    try {
      await deleteCategory(category.id, moveTo);
      toast.success('Категория удалена');
    } catch (failure) {
      toast.error(errorMessage(failure));
    }
  };

  // A 422 on `title` is shown under the field by the kit's inline editor; anything else throws there too.
  const rename = async (category: DocumentCategory, title: string) => {
    await renameCategory(category.id, title);
    toast.success('Категория переименована');
  };

  return (
    <OrderedListPage<CategoryRow>
      title="Категории документов"
      add={ADD}
      errorTitle="Не удалось загрузить категории"
      items={rows}
      loading={isLoading}
      error={error}
      onRetry={() => void mutate()}
      reorder={(ordered) => reorder(ordered.map((row) => row.id))}
      remove={{
        run: (row) => deleteCategory(row.id),
        successMessage: 'Категория удалена',
        // A category with documents asks where they go before it is deleted.
        handOff: (row) => {
          if (row.documents_count === 0) return false;
          setMoving({ category: row, target: null });
          return true;
        },
      }}
      renderTable={({ items, loading, ...state }) =>
        loading && items.length === 0 ? (
          <Spinner label="Загрузка категорий" />
        ) : (
          <OrderedColorTable<CategoryRow>
            {...state}
            aria-label="Категории документов"
            items={items}
            canEdit={canEdit}
            canDelete={canDelete}
            labels={{ name: 'Название' }}
            nameErrorField="title"
            columns={COLUMNS}
            onRename={(row, title) => rename(row, title)}
          />
        )
      }
    >
      {moving ? (
        <Dialog
          open
          onOpenChange={(open) => (open ? undefined : setMoving(null))}
          title="Перенести документы"
          description={`В категории «${moving.category.title}» ${moving.category.documents_count} док. Выберите категорию, в которую их перенести.`}
          footer={
            <>
              <Button variant="secondary" onClick={() => setMoving(null)}>
                Отмена
              </Button>
              <Button
                variant="danger"
                disabled={moving.target === null}
                onClick={() => {
                  const { category, target } = moving;
                  setMoving(null);
                  if (target !== null) void removeMovingTo(category, target);
                }}
              >
                Перенести и удалить
              </Button>
            </>
          }
        >
          <Select<number>
            label="Категория"
            name="move_to"
            options={categories.filter((c) => c.id !== moving.category.id).map((c) => ({ value: c.id, label: c.title }))}
            value={moving.target}
            onChange={(target) => setMoving({ ...moving, target })}
            placeholder="Выберите категорию"
          />
        </Dialog>
      ) : null}
    </OrderedListPage>
  );
}
