import { useLexicalComposerContext } from '@lexical/react/LexicalComposerContext';
import { useLexicalEditable } from '@lexical/react/useLexicalEditable';
import {
  $deleteTableColumnAtSelection,
  $deleteTableRowAtSelection,
  $insertTableColumnAtSelection,
  $insertTableRowAtSelection,
  $isTableCellNode,
  $isTableNode,
  $isTableSelection,
} from '@lexical/table';
import { $findMatchingParent } from '@lexical/utils';
import { $getNodeByKey, $getSelection, $isRangeSelection, type NodeKey } from 'lexical';
import { useEffect, useRef, useState, type MouseEvent } from 'react';
import { FloatingBar, FloatingBarButton } from '../components/floating-bar';
import { floatingPositionBelow, type FloatingPosition } from '../utils/floating-position';
import { useEditorFocus } from '../utils/use-editor-focus';
import { useUiText } from '@crm/shared/ui';

export interface TableActionMenuPluginProps {
  // The positioned wrapper around the content the bar is drawn in.
  anchorElem: HTMLElement | null;
}

interface CellState {
  cellKey: NodeKey;
  tableKey: NodeKey;
}

const BAR_WIDTH_GUESS = 420;

const keepEditorFocus = (event: MouseEvent) => event.preventDefault();

function $cellAtSelection(): CellState | null {
  const selection = $getSelection();
  let anchor = null;
  if ($isRangeSelection(selection)) anchor = selection.anchor.getNode();
  else if ($isTableSelection(selection)) anchor = selection.anchor.getNode();
  if (!anchor) return null;
  const cell = $findMatchingParent(anchor, $isTableCellNode);
  const table = cell ? $findMatchingParent(cell, $isTableNode) : null;
  return cell && table ? { cellKey: cell.getKey(), tableKey: table.getKey() } : null;
}

const samePosition = (a: FloatingPosition | null, b: FloatingPosition | null) =>
  a === b || (a !== null && b !== null && a.top === b.top && a.left === b.left);

// The context actions on tables: while the cursor is in a cell, a bar under the table adds or deletes rows and columns.
export function TableActionMenuPlugin({ anchorElem }: TableActionMenuPluginProps) {
  const t = useUiText();
  const [editor] = useLexicalComposerContext();
  const editable = useLexicalEditable();
  const barRef = useRef<HTMLDivElement>(null);
  const [focused, onBarBlur] = useEditorFocus(barRef);
  const [cell, setCell] = useState<CellState | null>(null);
  const [position, setPosition] = useState<FloatingPosition | null>(null);

  useEffect(() => {
    const refresh = () => {
      const next = editor.read($cellAtSelection);
      setCell((prev) => (prev?.cellKey === next?.cellKey && prev?.tableKey === next?.tableKey ? prev : next));
      // Under the whole table, so the bar never covers the row below the cursor.
      const element = next ? editor.getElementByKey(next.tableKey) : null;
      const nextPosition =
        element && anchorElem
          ? floatingPositionBelow(element, anchorElem, barRef.current?.offsetWidth || BAR_WIDTH_GUESS)
          : null;
      setPosition((prev) => (samePosition(prev, nextPosition) ? prev : nextPosition));
    };
    refresh();
    return editor.registerUpdateListener(refresh);
  }, [editor, anchorElem]);

  if (!cell || !position || !editable || !focused) return null;

  const run = (action: () => void) => () => editor.update(action);
  const deleteTable = () =>
    editor.update(() => {
      const table = $getNodeByKey(cell.tableKey);
      if (!$isTableNode(table)) return;
      // Leave the cursor where the table was instead of inside removed cells.
      const next = table.getNextSibling() ?? table.getPreviousSibling();
      table.remove();
      next?.selectStart();
    });

  const actions: { label: string; onClick: () => void; danger?: boolean }[] = [
    { label: t('editor.rowAbove'), onClick: run(() => void $insertTableRowAtSelection(false)) },
    { label: t('editor.rowBelow'), onClick: run(() => void $insertTableRowAtSelection(true)) },
    { label: t('editor.columnBefore'), onClick: run(() => void $insertTableColumnAtSelection(false)) },
    { label: t('editor.columnAfter'), onClick: run(() => void $insertTableColumnAtSelection(true)) },
    { label: t('editor.deleteRow'), onClick: run(() => $deleteTableRowAtSelection()), danger: true },
    { label: t('editor.deleteColumn'), onClick: run(() => $deleteTableColumnAtSelection()), danger: true },
    { label: t('editor.deleteTable'), onClick: deleteTable, danger: true },
  ];

  return (
    <FloatingBar
      ref={barRef}
      role="toolbar"
      aria-label={t('editor.tableActions')}
      style={{ top: position.top, left: position.left }}
      onBlur={onBarBlur}
    >
      {actions.map((action) => (
        <FloatingBarButton
          key={action.label}
          type="button"
          $danger={action.danger}
          onMouseDown={keepEditorFocus}
          onClick={action.onClick}
        >
          {action.label}
        </FloatingBarButton>
      ))}
    </FloatingBar>
  );
}
