import {
  ElementNode,
  type DOMConversionMap,
  type DOMExportOutput,
  type LexicalNode,
  type SerializedElementNode,
} from 'lexical';

export type SerializedCollapsibleContentNode = SerializedElementNode;

const CONTENT_ATTRIBUTE = 'data-collapsible-content';

// The body of a collapsible section: any blocks, shown while the section is open.
export class CollapsibleContentNode extends ElementNode {
  static override getType(): string {
    return 'collapsible-content';
  }

  static override clone(node: CollapsibleContentNode): CollapsibleContentNode {
    return new CollapsibleContentNode(node.__key);
  }

  static override importJSON(serializedNode: SerializedCollapsibleContentNode): CollapsibleContentNode {
    return $createCollapsibleContentNode().updateFromJSON(serializedNode);
  }

  static override importDOM(): DOMConversionMap {
    return {
      div: (domNode: HTMLElement) =>
        domNode.hasAttribute(CONTENT_ATTRIBUTE)
          ? { conversion: () => ({ node: $createCollapsibleContentNode() }), priority: 2 }
          : null,
    };
  }

  override createDOM(): HTMLElement {
    const dom = document.createElement('div');
    dom.className = 'crm-rte__collapsible-content';
    return dom;
  }

  override updateDOM(): boolean {
    return false;
  }

  override exportDOM(): DOMExportOutput {
    const element = document.createElement('div');
    element.setAttribute(CONTENT_ATTRIBUTE, '');
    return { element };
  }

  // Its own root for selection and block operations, so "select all" or a list toggle stays inside the body.
  override isShadowRoot(): boolean {
    return true;
  }
}

export function $createCollapsibleContentNode(): CollapsibleContentNode {
  return new CollapsibleContentNode();
}

export function $isCollapsibleContentNode(node: LexicalNode | null | undefined): node is CollapsibleContentNode {
  return node instanceof CollapsibleContentNode;
}
