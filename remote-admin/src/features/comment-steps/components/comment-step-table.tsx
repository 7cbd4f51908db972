import { useState, type DragEvent } from 'react';
import styled from 'styled-components';
import { Can, useAbility } from '@crm/shared/abilities/react';
import type { CommentStep } from '@crm/shared/schemas';
import {
  alpha,
  Chip,
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
import { IconArchive, IconArchiveOff } from './icon-archive';

export interface CommentStepTableProps {
  steps: readonly CommentStep[];
  loading?: boolean;
  /** A reorder is on its way: moving again waits for it. */
  reordering?: boolean;
  /** The step being deleted, whose button shows it is busy. */
  deletingId?: number | null;
  onRename: (step: CommentStep, name: string) => Promise<void>;
  onColorChange: (step: CommentStep, color: string) => void;
  /** Every step in the new order. */
  onReorder: (ordered: CommentStep[]) => void;
  /** Archives an active step, restores an archived one. */
  onArchiveToggle: (step: CommentStep) => void;
  onDelete: (step: CommentStep) => void;
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
 * The steps in their order, each row renamed by clicking its name, recoloured from its colour button, moved with the
 * arrow buttons or by dragging (native HTML5 drag and drop), archived or restored, and deleted.
 */
export function CommentStepTable({
  steps,
  loading = false,
  reordering = false,
  deletingId = null,
  onRename,
  onColorChange,
  onReorder,
  onArchiveToggle,
  onDelete,
  'aria-label': ariaLabel,
}: CommentStepTableProps) {
  // Renaming, recolouring, archiving and reordering all need `edit step`; rows are draggable only with it.
  const canEdit = useAbility().can('edit', 'step');
  const [editingId, setEditingId] = useState<number | null>(null);
  const [dragId, setDragId] = useState<number | null>(null);
  const [overId, setOverId] = useState<number | null>(null);
  const indexOf = (id: number | null) => steps.findIndex((step) => step.id === id);

  const endDrag = () => {
    setDragId(null);
    setOverId(null);
  };

  const dragHandlers = (step: CommentStep) => ({
    onDragStart: (event: DragEvent<HTMLTableRowElement>) => {
      setDragId(step.id);
      if (event.dataTransfer) {
        event.dataTransfer.effectAllowed = 'move';
        // Firefox starts a drag only when some data is set.
        event.dataTransfer.setData('text/plain', String(step.id));
      }
    },
    onDragOver: (event: DragEvent<HTMLTableRowElement>) => {
      if (dragId === null) return;
      event.preventDefault();
      if (event.dataTransfer) event.dataTransfer.dropEffect = 'move';
      if (overId !== step.id) setOverId(step.id);
    },
    onDrop: (event: DragEvent<HTMLTableRowElement>) => {
      event.preventDefault();
      if (dragId !== null && dragId !== step.id) onReorder(moveItem(steps, dragId, step.id));
      endDrag();
    },
    onDragEnd: endDrag,
  });

  const dropEdge = (step: CommentStep): DropEdge => {
    if (dragId === null || overId !== step.id || dragId === step.id) return null;
    return indexOf(dragId) < indexOf(step.id) ? 'after' : 'before';
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
            <Th scope="col" $width="180px" $align="end">
              <VisuallyHidden>Действия</VisuallyHidden>
            </Th>
          </tr>
        </thead>
        <tbody>
          {steps.length === 0 ? (
            <tr>
              <Message colSpan={4}>{loading ? <Spinner size={28} /> : 'No data available'}</Message>
            </tr>
          ) : (
            steps.map((step, index) => {
              const editing = editingId === step.id;
              const draggable = canEdit && !editing && !reordering;
              return (
                <Tr
                  key={step.id}
                  draggable={draggable}
                  $dragging={dragId === step.id}
                  $drop={dropEdge(step)}
                  {...(draggable ? dragHandlers(step) : {})}
                >
                  <Td>
                    <Name>
                      {canEdit ? (
                        <Grip aria-hidden title="Перетащите, чтобы изменить порядок">
                          <IconGripVertical size={16} />
                        </Grip>
                      ) : null}
                      <ColorSwatch color={step.color} />
                      {editing ? (
                        <InlineNameEditor
                          label="Название шага"
                          name={step.name}
                          onSave={(name) => onRename(step, name)}
                          onDone={() => setEditingId(null)}
                        />
                      ) : canEdit ? (
                        <NameButton type="button" title="Нажмите, чтобы переименовать" onClick={() => setEditingId(step.id)}>
                          {step.name}
                        </NameButton>
                      ) : (
                        step.name
                      )}
                      {step.archived ? (
                        <Chip color="secondary" size="sm">
                          В архиве
                        </Chip>
                      ) : null}
                    </Name>
                  </Td>
                  <Td>{step.position}</Td>
                  <Td>
                    {canEdit ? (
                      <ColorPicker
                        label={`Цвет шага ${step.name}`}
                        paletteLabel={`Цвета для шага ${step.name}`}
                        color={step.color}
                        onChange={(color) => onColorChange(step, color)}
                      />
                    ) : (
                      <Name>
                        <ColorSwatch color={step.color} />
                        {step.color.toUpperCase()}
                      </Name>
                    )}
                  </Td>
                  <Td $align="end">
                    <Actions>
                      <Can I="edit" a="step">
                        <IconButton
                          label={`Выше ${step.name}`}
                          size="sm"
                          disabled={reordering || index === 0}
                          onClick={() => onReorder(moveItem(steps, step.id, steps[index - 1].id))}
                        >
                          <IconArrowUp size={18} />
                        </IconButton>
                        <IconButton
                          label={`Ниже ${step.name}`}
                          size="sm"
                          disabled={reordering || index === steps.length - 1}
                          onClick={() => onReorder(moveItem(steps, step.id, steps[index + 1].id))}
                        >
                          <IconArrowDown size={18} />
                        </IconButton>
                      </Can>
                      <Can I="edit" a="step">
                        <IconButton
                          label={`${step.archived ? 'Восстановить' : 'В архив'} ${step.name}`}
                          size="sm"
                          onClick={() => onArchiveToggle(step)}
                        >
                          {step.archived ? <IconArchiveOff size={18} /> : <IconArchive size={18} />}
                        </IconButton>
                      </Can>
                      <Can I="delete" a="step">
                        <IconButton
                          label={`Удалить ${step.name}`}
                          color="error"
                          size="sm"
                          disabled={deletingId !== null}
                          onClick={() => onDelete(step)}
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
