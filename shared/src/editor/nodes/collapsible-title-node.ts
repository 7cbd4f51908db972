import {
  $createParagraphNode,
  $isElementNode,
  ElementNode,
  type DOMConversionMap,
  type DOMExportOutput,
  type LexicalNode,
  type RangeSelection,
  type SerializedElementNode,
} from 'lexical';
import { $isCollapsibleContentNode } from './collapsible-content-node';

export type SerializedCollapsibleTitleNode = SerializedElementNode;

// The container imports this file, so its open state is read structurally rather than through its class.
function isOpen(container: ElementNode): boolean {
  const withOpen = container as ElementNode & { getOpen?: () => boolean };
  return withOpen.getOpen?.() ?? true;
}

// The always-visible title of a collapsible section (`<summary>`).
export class CollapsibleTitleNode extends ElementNode {
  static override getType(): string {
    return 'collapsible-title';
  }

  static override clone(node: CollapsibleTitleNode): CollapsibleTitleNode {
    return new CollapsibleTitleNode(node.__key);
  }

  static override importJSON(serializedNode: SerializedCollapsibleTitleNode): CollapsibleTitleNode {
    return $createCollapsibleTitleNode().updateFromJSON(serializedNode);
  }

  static override importDOM(): DOMConversionMap {
    return { summary: () => ({ conversion: () => ({ node: $createCollapsibleTitleNode() }), priority: 1 }) };
  }

  override createDOM(): HTMLElement {
    const dom = document.createElement('summary');
    dom.className = 'crm-rte__collapsible-title';
    return dom;
  }

  override updateDOM(): boolean {
    return false;
  }

  override exportDOM(): DOMExportOutput {
    return { element: document.createElement('summary') };
  }

  // Backspace at the start of the title lifts it out instead of merging it into the text above.
  override collapseAtStart(_selection: RangeSelection): boolean {
    this.getParentOrThrow().insertBefore(this);
    return true;
  }

  // Enter in the title moves into the body when the section is open, otherwise past the section.
  override insertNewAfter(_selection: RangeSelection, restoreSelection = true): ElementNode {
    const container = this.getParentOrThrow();
    const content = this.getNextSibling();
    if (isOpen(container) && $isCollapsibleContentNode(content)) {
      const first = content.getFirstChild();
      if ($isElementNode(first)) return first;
      const paragraph = $createParagraphNode();
      content.append(paragraph);
      return paragraph;
    }
    const paragraph = $createParagraphNode();
    container.insertAfter(paragraph, restoreSelection);
    return paragraph;
  }
}

export function $createCollapsibleTitleNode(): CollapsibleTitleNode {
  return new CollapsibleTitleNode();
}

export function $isCollapsibleTitleNode(node: LexicalNode | null | undefined): node is CollapsibleTitleNode {
  return node instanceof CollapsibleTitleNode;
}
