import {
  $getNodeByKey,
  $getRoot,
  $getSelection,
  $isNodeSelection,
  $isRangeSelection,
  $setSelection,
  type BaseSelection,
} from 'lexical';

// A copy of the current selection, to survive focus moving into a toolbar panel.
export function $saveSelection(): BaseSelection | null {
  return $getSelection()?.clone() ?? null;
}

function isStillValid(selection: BaseSelection): boolean {
  if ($isRangeSelection(selection)) {
    return $getNodeByKey(selection.anchor.key) !== null && $getNodeByKey(selection.focus.key) !== null;
  }
  if ($isNodeSelection(selection)) return selection.getNodes().length > 0;
  return false;
}

// Puts a saved selection back before an insertion. If its nodes are gone (the document changed meanwhile)
// or there never was one, insertions go to the end of the document rather than nowhere.
export function $restoreSelection(saved: BaseSelection | null): void {
  if (saved && isStillValid(saved)) {
    $setSelection(saved.clone());
  } else if (!$getSelection()) {
    $getRoot().selectEnd();
  }
}
