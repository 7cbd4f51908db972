import { useLexicalComposerContext } from '@lexical/react/LexicalComposerContext';
import { $findMatchingParent, $insertNodeToNearestRoot, mergeRegister } from '@lexical/utils';
import {
  $createParagraphNode,
  $getSelection,
  $isRangeSelection,
  COMMAND_PRIORITY_EDITOR,
  COMMAND_PRIORITY_LOW,
  DELETE_CHARACTER_COMMAND,
  KEY_ARROW_DOWN_COMMAND,
  type LexicalNode,
} from 'lexical';
import { useEffect } from 'react';
import {
  $createCollapsibleContainerNode,
  $isCollapsibleContainerNode,
  CollapsibleContainerNode,
} from '../nodes/collapsible-container-node';
import {
  $createCollapsibleContentNode,
  $isCollapsibleContentNode,
  CollapsibleContentNode,
} from '../nodes/collapsible-content-node';
import {
  $createCollapsibleTitleNode,
  $isCollapsibleTitleNode,
  CollapsibleTitleNode,
} from '../nodes/collapsible-title-node';
import { INSERT_COLLAPSIBLE_COMMAND } from '../utils/editor-commands';

function $unwrap(node: CollapsibleContainerNode | CollapsibleContentNode): void {
  for (const child of node.getChildren<LexicalNode>()) node.insertBefore(child);
  node.remove();
}

// Collapsible (accordion) sections: insertion, and transforms that keep the container → title + body shape
// valid after pastes and deletions (a broken section falls back to ordinary content instead of a crash).
export function CollapsiblePlugin() {
  const [editor] = useLexicalComposerContext();

  useEffect(() => {
    if (!editor.hasNodes([CollapsibleContainerNode, CollapsibleTitleNode, CollapsibleContentNode])) {
      throw new Error('CollapsiblePlugin: the collapsible nodes are not registered on the editor');
    }
    return mergeRegister(
      editor.registerNodeTransform(CollapsibleContentNode, (node) => {
        if (!$isCollapsibleContainerNode(node.getParent())) $unwrap(node);
      }),
      editor.registerNodeTransform(CollapsibleTitleNode, (node) => {
        if (!$isCollapsibleContainerNode(node.getParent())) {
          node.replace($createParagraphNode().append(...node.getChildren<LexicalNode>()));
        }
      }),
      editor.registerNodeTransform(CollapsibleContainerNode, (node) => {
        const children = node.getChildren<LexicalNode>();
        const valid =
          children.length === 2 && $isCollapsibleTitleNode(children[0]) && $isCollapsibleContentNode(children[1]);
        if (!valid) $unwrap(node);
      }),
      // Backspacing into a closed section would silently delete its hidden body: open it instead.
      editor.registerCommand(
        DELETE_CHARACTER_COMMAND,
        () => {
          const selection = $getSelection();
          if (!$isRangeSelection(selection) || !selection.isCollapsed() || selection.anchor.offset !== 0) return false;
          const previous = selection.anchor.getNode().getTopLevelElement()?.getPreviousSibling();
          if (!$isCollapsibleContainerNode(previous) || previous.getOpen()) return false;
          previous.setOpen(true);
          return true;
        },
        COMMAND_PRIORITY_LOW,
      ),
      // Arrow down at the very end of a section that ends the document adds a paragraph to continue in.
      editor.registerCommand(
        KEY_ARROW_DOWN_COMMAND,
        () => {
          const selection = $getSelection();
          if (!$isRangeSelection(selection) || !selection.isCollapsed()) return false;
          const container = $findMatchingParent(selection.anchor.getNode(), $isCollapsibleContainerNode);
          if (!$isCollapsibleContainerNode(container) || container.getNextSibling() !== null) return false;
          const last = container.getLastDescendant();
          if (last && selection.anchor.key === last.getKey() && selection.anchor.offset === last.getTextContentSize()) {
            container.insertAfter($createParagraphNode());
          }
          return false;
        },
        COMMAND_PRIORITY_LOW,
      ),
      editor.registerCommand(
        INSERT_COLLAPSIBLE_COMMAND,
        () => {
          const title = $createCollapsibleTitleNode();
          $insertNodeToNearestRoot(
            $createCollapsibleContainerNode(true).append(
              title,
              $createCollapsibleContentNode().append($createParagraphNode()),
            ),
          );
          title.select();
          return true;
        },
        COMMAND_PRIORITY_EDITOR,
      ),
    );
  }, [editor]);

  return null;
}
