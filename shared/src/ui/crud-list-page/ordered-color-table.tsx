import { type DragEvent, type ReactNode, useState } from 'react';
import styled from 'styled-components';
import { ColorPicker } from '../components/color-picker';
import { ColorSwatch } from '../components/color-swatch';
import { IconButton } from '../components/icon-button';
import { InlineNameEditor } from '../components/inline-name-editor';
import { Spinner } from '../components/spinner';
import { useUiText } from '../i18n/ui-i18n';
import { IconArrowDown, IconArrowUp, IconGripVertical, IconTrash } from '../icons/icons';
import { alpha } from '../tokens/alpha';
import { moveItem } from '../utils/move-item';

/** A row of an ordered list: a lead status, a comment step (coloured), a document category (no colour). */
export interface OrderedColorItem {
  id: number;
  name: string;
  color?: string;
  position: number;
}

/** A column of the screen's own between the position and the colour, e.g. a category's document count. */
export interface OrderedListColumn<T> {
  header: string;
  width?: string;
  cell: (item: T) => ReactNode;
}

export interface OrderedColorTableProps<T extends OrderedColorItem> {
  items: readonly T[];
  loading?: boolean;
  /** A reorder is on its way: moving again waits for it. */
  reordering?: boolean;
  /** The item being deleted, whose button shows it is busy. */
  deletingId?: number | null;
  /** Renaming, recolouring and reordering (rows are draggable only with it). */
  canEdit: boolean;
  canDelete: boolean;
  /** Accessible names in the screen's words, e.g. 'Название статуса', 'Цвет статуса Новый'. */
  labels: { name: string; color?: (name: string) => string; palette?: (name: string) => string };
  onRename: (item: T, name: string) => Promise<void>;
  /** Without it (a list whose items have no colour) the colour column and swatches are left out. */
  onColorChange?: (item: T, color: string) => void;
  /** The request field a failed rename's 422 names (`name` by default). */
  nameErrorField?: string;
  /** Columns of the screen's own, after the position. */
  columns?: readonly OrderedListColumn<T>[];
  /** Every item in the new order. */
  onReorder: (ordered: T[]) => void;
  onDelete: (item: T) => void;
  /** Shown after the name, e.g. an 'archived' chip. */
  nameAddon?: (item: T) => ReactNode;
  /** Buttons shown between the move and delete buttons. */
  extraActions?: (item: T) => ReactNode;
  actionsWidth?: string;
  'aria-label'?: string;
}

// Positioned, so the visually hidden texts in the rows (absolute) scroll with it instead of widening the page.
const Scroll = styled.div`
  position: relative;
  overflow-x: auto;
`;

const Table = styled.table`
  width: 100%;
  border-collapse: collapse;
  font-size: ${({ theme }) => theme.font.size};
`;

const Th = styled.th<{ $width?: string; $align?: 'start' | 'end' }>`
  padding: 0.75rem 1.25rem;
  width: ${({ $width }) => $width ?? 'auto'};
  text-align: ${({ $align }) => $align ?? 'start'};
  font-size: ${({ theme }) => theme.font.sizeSm};
  font-weight: 500;
  letter-spacing: 0.02em;
  text-transform: uppercase;
  white-space: nowrap;
  color: ${({ theme }) => theme.colors.text};
  background: ${({ theme }) => (theme.mode === 'light' ? '#F6F6F7' : alpha('#E1DEF5', 0.04))};
  border-block: 1px solid ${({ theme }) => theme.colors.border};
`;

const Td = styled.td<{ $align?: 'start' | 'end' }>`
  padding: 0.625rem 1.25rem;
  text-align: ${({ $align }) => $align ?? 'start'};
  color: ${({ theme }) => theme.colors.textMuted};
  border-bottom: 1px solid ${({ theme }) => theme.colors.border};
  vertical-align: middle;
`;

type DropEdge = 'before' | 'after' | null;

const Tr = styled.tr<{ $dragging: boolean; $drop: DropEdge }>`
  opacity: ${({ $dragging }) => ($dragging ? 0.45 : 1)};
  box-shadow: ${({ theme, $drop }) =>
    $drop === 'before'
      ? `inset 0 2px 0 ${theme.colors.primary}`
      : $drop === 'after'
        ? `inset 0 -2px 0 ${theme.colors.primary}`
        : 'none'};
  transition: background ${({ theme }) => theme.transition};
  &:hover { background: ${({ theme }) => theme.colors.hover}; }
  &[draggable='true'] { cursor: grab; }
`;

const Message = styled.td`
  padding: 2rem 1.25rem;
  text-align: center;
  color: ${({ theme }) => theme.colors.textMuted};
  border-bottom: 1px solid ${({ theme }) => theme.colors.border};
`;

const Name = styled.span`
  display: inline-flex;
  align-items: center;
  gap: 0.625rem;
`;

const Grip = styled.span`
  display: inline-flex;
  margin-inline-start: -0.5rem;
  color: ${({ theme }) => theme.colors.textMuted};
`;

const NameButton = styled.button`
  padding: 0.125rem 0.25rem;
  margin: -0.125rem -0.25rem;
  border: 0;
  border-radius: ${({ theme }) => theme.radius.sm};
  background: transparent;
  color: ${({ theme }) => theme.colors.text};
  font: inherit;
  text-align: start;
  cursor: text;
  &:hover { text-decoration: underline dotted; text-underline-offset: 3px; }
  &:focus-visible { outline: 2px solid ${({ theme }) => theme.colors.primary}; }
`;

const VisuallyHidden = styled.span`
  position: absolute;
  width: 1px;
  height: 1px;
  overflow: hidden;
  clip-path: inset(50%);
  white-space: nowrap;
`;

const Actions = styled.span`
  display: inline-flex;
  gap: 0.125rem;
`;

/**
 * The items in their order, each row renamed by clicking its name, recoloured from its colour button, moved with the
 * arrow buttons or by dragging (native HTML5 drag and drop), and deleted. Lead statuses, comment steps and document
 * categories use it (categories without colour, with their document count as a column of their own).
 */
export function OrderedColorTable<T extends OrderedColorItem>({
  items,
  loading = false,
  reordering = false,
  deletingId = null,
  canEdit,
  canDelete,
  labels,
  onRename,
  onColorChange,
  onReorder,
  onDelete,
  nameErrorField,
  columns = [],
  nameAddon,
  extraActions,
  actionsWidth = '140px',
  'aria-label': ariaLabel,
}: OrderedColorTableProps<T>) {
  const t = useUiText();
  const coloured = onColorChange !== undefined;
  const [editingId, setEditingId] = useState<number | null>(null);
  const [dragId, setDragId] = useState<number | null>(null);
  const [overId, setOverId] = useState<number | null>(null);
  const indexOf = (id: number | null) => items.findIndex((item) => item.id === id);

  const endDrag = () => {
    setDragId(null);
    setOverId(null);
  };

  const dragHandlers = (item: T) => ({
    onDragStart: (event: DragEvent<HTMLTableRowElement>) => {
      setDragId(item.id);
      if (event.dataTransfer) {
        event.dataTransfer.effectAllowed = 'move';
        // Firefox starts a drag only when some data is set.
        event.dataTransfer.setData('text/plain', String(item.id));
      }
    },
    onDragOver: (event: DragEvent<HTMLTableRowElement>) => {
      if (dragId === null) return;
      event.preventDefault();
      if (event.dataTransfer) event.dataTransfer.dropEffect = 'move';
      if (overId !== item.id) setOverId(item.id);
    },
    onDrop: (event: DragEvent<HTMLTableRowElement>) => {
      event.preventDefault();
      if (dragId !== null && dragId !== item.id) onReorder(moveItem(items, dragId, item.id));
      endDrag();
    },
    onDragEnd: endDrag,
  });

  const dropEdge = (item: T): DropEdge => {
    if (dragId === null || overId !== item.id || dragId === item.id) return null;
    return indexOf(dragId) < indexOf(item.id) ? 'after' : 'before';
  };

  return (
    <Scroll>
      <Table aria-label={ariaLabel} aria-busy={loading || undefined}>
        <thead>
          <tr>
            <Th scope="col">{t('orderedTable.name')}</Th>
            <Th scope="col" $width="120px">
              {t('orderedTable.position')}
            </Th>
            {columns.map((column) => (
              <Th key={column.header} scope="col" $width={column.width}>
                {column.header}
              </Th>
            ))}
            {coloured ? (
              <Th scope="col" $width="160px">
                {t('orderedTable.color')}
              </Th>
            ) : null}
            <Th scope="col" $width={actionsWidth} $align="end">
              <VisuallyHidden>{t('orderedTable.actions')}</VisuallyHidden>
            </Th>
          </tr>
        </thead>
        <tbody>
          {items.length === 0 ? (
            <tr>
              <Message colSpan={3 + columns.length + (coloured ? 1 : 0)}>{loading ? <Spinner size={28} /> : t('table.noData')}</Message>
            </tr>
          ) : (
            items.map((item, index) => {
              const editing = editingId === item.id;
              const draggable = canEdit && !editing && !reordering;
              return (
                <Tr
                  key={item.id}
                  draggable={draggable}
                  $dragging={dragId === item.id}
                  $drop={dropEdge(item)}
                  {...(draggable ? dragHandlers(item) : {})}
                >
                  <Td>
                    <Name>
                      {canEdit ? (
                        <Grip aria-hidden title={t('orderedTable.dragHint')}>
                          <IconGripVertical size={16} />
                        </Grip>
                      ) : null}
                      {coloured && item.color ? <ColorSwatch color={item.color} /> : null}
                      {editing ? (
                        <InlineNameEditor
                          label={labels.name}
                          errorField={nameErrorField}
                          name={item.name}
                          onSave={(name) => onRename(item, name)}
                          onDone={() => setEditingId(null)}
                        />
                      ) : canEdit ? (
                        <NameButton type="button" title={t('orderedTable.renameHint')} onClick={() => setEditingId(item.id)}>
                          {item.name}
                        </NameButton>
                      ) : (
                        item.name
                      )}
                      {nameAddon?.(item)}
                    </Name>
                  </Td>
                  <Td>{item.position}</Td>
                  {columns.map((column) => (
                    <Td key={column.header}>{column.cell(item)}</Td>
                  ))}
                  {coloured ? (
                    <Td>
                      {canEdit ? (
                        <ColorPicker
                          label={labels.color?.(item.name) ?? t('orderedTable.color')}
                          paletteLabel={labels.palette?.(item.name) ?? t('orderedTable.color')}
                          color={item.color ?? ''}
                          onChange={(color) => onColorChange(item, color)}
                        />
                      ) : (
                        <Name>
                          <ColorSwatch color={item.color ?? ''} />
                          {item.color?.toUpperCase()}
                        </Name>
                      )}
                    </Td>
                  ) : null}
                  <Td $align="end">
                    <Actions>
                      {canEdit ? (
                        <>
                        <IconButton
                          label={t('orderedTable.up', { name: item.name })}
                          size="sm"
                          disabled={reordering || index === 0}
                          onClick={() => onReorder(moveItem(items, item.id, items[index - 1].id))}
                        >
                          <IconArrowUp size={18} />
                        </IconButton>
                        <IconButton
                          label={t('orderedTable.down', { name: item.name })}
                          size="sm"
                          disabled={reordering || index === items.length - 1}
                          onClick={() => onReorder(moveItem(items, item.id, items[index + 1].id))}
                        >
                          <IconArrowDown size={18} />
                        </IconButton>
                        </>
                      ) : null}
                      {extraActions?.(item)}
                      {canDelete ? (
                        <IconButton
                          label={t('orderedTable.remove', { name: item.name })}
                          color="error"
                          size="sm"
                          disabled={deletingId !== null}
                          onClick={() => onDelete(item)}
                        >
                          <IconTrash size={18} />
                        </IconButton>
                      ) : null}
                    </Actions>
                  </Td>
                </Tr>
              );
            })
          )}
        </tbody>
      </Table>
    </Scroll>
  );
}
