import { useState, type DragEvent } from 'react';
import { Outlet, useNavigate } from '@crm/shared/router';
import styled from 'styled-components';
import { useAbility } from '@crm/shared/abilities/react';
import { ApiError, errorMessage } from '@crm/shared/api-client';
import type { DocumentCategory } from '@crm/shared/schemas';
import {
  Button,
  Card,
  Dialog,
  ErrorState,
  IconArrowDown,
  IconArrowUp,
  IconButton,
  IconPencil,
  IconPlus,
  IconTrash,
  PageHeader,
  Select,
  Spinner,
  TextField,
  useConfirm,
  useToast,
} from '@crm/shared/ui';
import { useDeleteDocumentCategory } from '../api/delete-document-category';
import { useDocumentCategories } from '../api/get-document-categories';
import { useRenameDocumentCategory } from '../api/rename-document-category';
import { useReorderDocumentCategories } from '../api/reorder-document-categories';

const List = styled.ol`
  margin: 0;
  padding: 0;
  list-style: none;
  display: grid;
  gap: 0.5rem;
`;

const Row = styled.li<{ $dragging: boolean; $over: boolean }>`
  display: flex;
  align-items: center;
  gap: 0.75rem;
  padding: 0.5rem 0.75rem;
  border: 1px solid ${({ theme, $over }) => ($over ? theme.colors.primary : theme.colors.border)};
  border-radius: ${({ theme }) => theme.radius.md};
  background: ${({ theme }) => theme.colors.surface};
  opacity: ${({ $dragging }) => ($dragging ? 0.5 : 1)};
  &[draggable='true'] { cursor: grab; }
`;

const Title = styled.span`
  flex: 1;
  min-width: 0;
  font-weight: 600;
`;

const Count = styled.span`
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.font.sizeSm};
`;

const RenameForm = styled.form`
  flex: 1;
  display: flex;
  align-items: flex-end;
  gap: 0.5rem;
  > :first-child { flex: 1; }
`;

/** Moves `id` to where `targetId` is. */
export function moveBefore(ids: readonly number[], id: number, targetId: number): number[] {
  const without = ids.filter((x) => x !== id);
  const index = without.indexOf(targetId);
  const at = ids.indexOf(id) < ids.indexOf(targetId) ? index + 1 : index;
  return [...without.slice(0, at), id, ...without.slice(at)];
}

/**
 * /document-category/list: the categories in their order with their document counts. Add opens the AddDrawer child
 * route; rename in place; reorder by drag and drop (or the arrow buttons); delete after 'Уверены?', moving the
 * documents of a category in use to one the user picks.
 */
export function DocumentCategoryListPage() {
  const navigate = useNavigate();
  const ability = useAbility();
  const canCreate = ability.can('create', 'document-category');
  const canEdit = ability.can('edit', 'document-category');
  const canDelete = ability.can('delete', 'document-category');
  const { data, error, isLoading, mutate } = useDocumentCategories();
  const deleteCategory = useDeleteDocumentCategory();
  const renameCategory = useRenameDocumentCategory();
  const reorder = useReorderDocumentCategories();
  const confirm = useConfirm();
  const toast = useToast();
  const [renaming, setRenaming] = useState<{ id: number; title: string; error?: string[] } | null>(null);
  const [dragged, setDragged] = useState<number | null>(null);
  const [over, setOver] = useState<number | null>(null);
  const [moving, setMoving] = useState<{ category: DocumentCategory; target: number | null } | null>(null);
  const categories = data?.data ?? [];
  const ids = categories.map((c) => c.id);

  const applyOrder = (next: number[]) => {
    if (next.join() === ids.join()) return;
    reorder(next).catch((failure: unknown) => toast.error(errorMessage(failure)));
  };

  const remove = async (category: DocumentCategory, moveTo?: number) => {
    try {
      await deleteCategory(category.id, moveTo);
      toast.success('Категория удалена');
    } catch (failure) {
      toast.error(errorMessage(failure));
    }
  };

  const askDelete = async (category: DocumentCategory) => {
    if (!(await confirm())) return;
    if (category.documents_count > 0) setMoving({ category, target: null });
    else await remove(category);
  };

  const saveRename = async () => {
    if (!renaming) return;
    try {
      await renameCategory(renaming.id, renaming.title);
      toast.success('Категория переименована');
      setRenaming(null);
    } catch (failure) {
      if (failure instanceof ApiError && failure.status === 422) setRenaming({ ...renaming, error: failure.errors.title });
      else toast.error(errorMessage(failure));
    }
  };

  const onDrop = (event: DragEvent, targetId: number) => {
    event.preventDefault();
    if (dragged !== null && dragged !== targetId) applyOrder(moveBefore(ids, dragged, targetId));
    setDragged(null);
    setOver(null);
  };

  let content;
  if (error) content = <ErrorState title="Не удалось загрузить категории" message={error.message} onRetry={() => void mutate()} />;
  else if (isLoading) content = <Spinner label="Загрузка категорий" />;
  else if (categories.length === 0) content = <p>No data available</p>;
  else {
    content = (
      <List aria-label="Категории документов">
        {categories.map((category, index) => (
          <Row
            key={category.id}
            aria-label={category.title}
            draggable={canEdit && renaming?.id !== category.id}
            $dragging={dragged === category.id}
            $over={over === category.id && dragged !== category.id}
            onDragStart={(event) => {
              event.dataTransfer.effectAllowed = 'move';
              event.dataTransfer.setData('text/plain', String(category.id));
              setDragged(category.id);
            }}
            onDragOver={(event) => {
              if (dragged === null) return;
              event.preventDefault();
              setOver(category.id);
            }}
            onDragEnd={() => {
              setDragged(null);
              setOver(null);
            }}
            onDrop={(event) => onDrop(event, category.id)}
          >
            {renaming?.id === category.id ? (
              <RenameForm
                onSubmit={(event) => {
                  event.preventDefault();
                  void saveRename();
                }}
              >
                <TextField
                  label="Название"
                  name="title"
                  value={renaming.title}
                  onChange={(event) => setRenaming({ ...renaming, title: event.target.value })}
                  error={renaming.error}
                  autoFocus
                />
                <Button type="submit">Сохранить</Button>
                <Button variant="secondary" onClick={() => setRenaming(null)}>
                  Отмена
                </Button>
              </RenameForm>
            ) : (
              <>
                <Title>{category.title}</Title>
                <Count>{category.documents_count} док.</Count>
                {canEdit ? (
                  <>
                    <IconButton label={`Выше ${category.title}`} size="sm" disabled={index === 0} onClick={() => applyOrder(moveBefore(ids, category.id, ids[index - 1]))}>
                      <IconArrowUp />
                    </IconButton>
                    <IconButton
                      label={`Ниже ${category.title}`}
                      size="sm"
                      disabled={index === ids.length - 1}
                      onClick={() => applyOrder(moveBefore(ids, category.id, ids[index + 1]))}
                    >
                      <IconArrowDown />
                    </IconButton>
                    <IconButton label={`Переименовать ${category.title}`} size="sm" onClick={() => setRenaming({ id: category.id, title: category.title })}>
                      <IconPencil />
                    </IconButton>
                  </>
                ) : null}
                {canDelete ? (
                  <IconButton label={`Удалить ${category.title}`} size="sm" color="error" onClick={() => void askDelete(category)}>
                    <IconTrash />
                  </IconButton>
                ) : null}
              </>
            )}
          </Row>
        ))}
      </List>
    );
  }

  return (
    <>
      <PageHeader
        title="Категории документов"
        actions={
          canCreate ? (
            <Button startIcon={<IconPlus />} onClick={() => navigate('AddDrawer')}>
              Добавить категорию
            </Button>
          ) : null
        }
      />
      <Card>{content}</Card>
      {moving ? (
        <Dialog
          open
          onOpenChange={(open) => (open ? undefined : setMoving(null))}
          title="Перенести документы"
          description={`В категории «${moving.category.title}» ${moving.category.documents_count} док. Выберите категорию, в которую их перенести.`}
          footer={
            <Button
              variant="danger"
              disabled={moving.target === null}
              onClick={() => {
                const { category, target } = moving;
                setMoving(null);
                void remove(category, target ?? undefined);
              }}
            >
              Перенести и удалить
            </Button>
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
      {/* /document-category/list/AddDrawer */}
      <Outlet />
    </>
  );
}
