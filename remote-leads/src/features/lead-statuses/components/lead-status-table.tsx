import { useState, type DragEvent } from 'react';
import styled from 'styled-components';
import { Can, useAbility } from '@crm/shared/abilities/react';
import type { LeadStatus } from '@crm/shared/schemas';
import {
  alpha,
  ColorPicker,
  ColorSwatch,
  IconArrowDown,
  IconArrowUp,
  IconButton,
  IconGripVertical,
  IconTrash,
  InlineNameEditor,
  moveItem,
  Spinner,
} from '@crm/shared/ui';

export interface LeadStatusTableProps {
  statuses: readonly LeadStatus[];
  loading?: boolean;
  /** A reorder is on its way: moving again waits for it. */
  reordering?: boolean;
  /** The status being deleted, whose button shows it is busy. */
  deletingId?: number | null;
  onRename: (status: LeadStatus, name: string) => Promise<void>;
  onColorChange: (status: LeadStatus, color: string) => void;
  /** Every status in the new order. */
  onReorder: (ordered: LeadStatus[]) => void;
  onDelete: (status: LeadStatus) => void;
  'aria-label'?: string;
}

const Scroll = styled.div`
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
  color: ${({ theme }) => theme.colors.textDisabled};
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
 * The statuses in their order, each row renamed by clicking its name, recoloured from its colour button,
 * moved with the arrow buttons or by dragging (native HTML5 drag and drop), and deleted.
 */
export function LeadStatusTable({
  statuses,
  loading = false,
  reordering = false,
  deletingId = null,
  onRename,
  onColorChange,
  onReorder,
  onDelete,
  'aria-label': ariaLabel,
}: LeadStatusTableProps) {
  // Renaming, recolouring and reordering all need `edit lead-status`; rows are draggable only with it.
  const canEdit = useAbility().can('edit', 'lead-status');
  const [editingId, setEditingId] = useState<number | null>(null);
  const [dragId, setDragId] = useState<number | null>(null);
  const [overId, setOverId] = useState<number | null>(null);
  const indexOf = (id: number | null) => statuses.findIndex((status) => status.id === id);

  const endDrag = () => {
    setDragId(null);
    setOverId(null);
  };

  const dragHandlers = (status: LeadStatus) => ({
    onDragStart: (event: DragEvent<HTMLTableRowElement>) => {
      setDragId(status.id);
      if (event.dataTransfer) {
        event.dataTransfer.effectAllowed = 'move';
        // Firefox starts a drag only when some data is set.
        event.dataTransfer.setData('text/plain', String(status.id));
      }
    },
    onDragOver: (event: DragEvent<HTMLTableRowElement>) => {
      if (dragId === null) return;
      event.preventDefault();
      if (event.dataTransfer) event.dataTransfer.dropEffect = 'move';
      if (overId !== status.id) setOverId(status.id);
    },
    onDrop: (event: DragEvent<HTMLTableRowElement>) => {
      event.preventDefault();
      if (dragId !== null && dragId !== status.id) onReorder(moveItem(statuses, dragId, status.id));
      endDrag();
    },
    onDragEnd: endDrag,
  });

  const dropEdge = (status: LeadStatus): DropEdge => {
    if (dragId === null || overId !== status.id || dragId === status.id) return null;
    return indexOf(dragId) < indexOf(status.id) ? 'after' : 'before';
  };

  return (
    <Scroll>
      <Table aria-label={ariaLabel} aria-busy={loading || undefined}>
        <thead>
          <tr>
            <Th scope="col">Название</Th>
            <Th scope="col" $width="120px">
              Позиция
            </Th>
            <Th scope="col" $width="160px">
              Цвет
            </Th>
            <Th scope="col" $width="140px" $align="end">
              <VisuallyHidden>Действия</VisuallyHidden>
            </Th>
          </tr>
        </thead>
        <tbody>
          {statuses.length === 0 ? (
            <tr>
              <Message colSpan={4}>{loading ? <Spinner size={28} /> : 'No data available'}</Message>
            </tr>
          ) : (
            statuses.map((status, index) => {
              const editing = editingId === status.id;
              const draggable = canEdit && !editing && !reordering;
              return (
                <Tr
                  key={status.id}
                  draggable={draggable}
                  $dragging={dragId === status.id}
                  $drop={dropEdge(status)}
                  {...(draggable ? dragHandlers(status) : {})}
                >
                  <Td>
                    <Name>
                      {canEdit ? (
                        <Grip aria-hidden title="Перетащите, чтобы изменить порядок">
                          <IconGripVertical size={16} />
                        </Grip>
                      ) : null}
                      <ColorSwatch color={status.color} />
                      {editing ? (
                        <InlineNameEditor
                          label="Название статуса"
                          name={status.name}
                          onSave={(name) => onRename(status, name)}
                          onDone={() => setEditingId(null)}
                        />
                      ) : canEdit ? (
                        <NameButton type="button" title="Нажмите, чтобы переименовать" onClick={() => setEditingId(status.id)}>
                          {status.name}
                        </NameButton>
                      ) : (
                        status.name
                      )}
                    </Name>
                  </Td>
                  <Td>{status.position}</Td>
                  <Td>
                    {canEdit ? (
                      <ColorPicker
                        label={`Цвет статуса ${status.name}`}
                        paletteLabel={`Цвета для статуса ${status.name}`}
                        color={status.color}
                        onChange={(color) => onColorChange(status, color)}
                      />
                    ) : (
                      <Name>
                        <ColorSwatch color={status.color} />
                        {status.color.toUpperCase()}
                      </Name>
                    )}
                  </Td>
                  <Td $align="end">
                    <Actions>
                      <Can I="edit" a="lead-status">
                        <IconButton
                          label={`Выше ${status.name}`}
                          size="sm"
                          disabled={reordering || index === 0}
                          onClick={() => onReorder(moveItem(statuses, status.id, statuses[index - 1].id))}
                        >
                          <IconArrowUp size={18} />
                        </IconButton>
                        <IconButton
                          label={`Ниже ${status.name}`}
                          size="sm"
                          disabled={reordering || index === statuses.length - 1}
                          onClick={() => onReorder(moveItem(statuses, status.id, statuses[index + 1].id))}
                        >
                          <IconArrowDown size={18} />
                        </IconButton>
                      </Can>
                      <Can I="delete" a="lead-status">
                        <IconButton
                          label={`Удалить ${status.name}`}
                          color="error"
                          size="sm"
                          disabled={deletingId !== null}
                          onClick={() => onDelete(status)}
                        >
                          <IconTrash size={18} />
                        </IconButton>
                      </Can>
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
