import {
  $createParagraphNode,
  $isDecoratorNode,
  $isElementNode,
  ElementNode,
  type DOMConversionMap,
  type DOMConversionOutput,
  type DOMExportOutput,
  type EditorConfig,
  type LexicalEditor,
  type LexicalNode,
  type NodeKey,
  type SerializedElementNode,
  type Spread,
} from 'lexical';
import { $createCollapsibleContentNode, $isCollapsibleContentNode } from './collapsible-content-node';
import { $createCollapsibleTitleNode, $isCollapsibleTitleNode } from './collapsible-title-node';

export type SerializedCollapsibleContainerNode = Spread<{ open: boolean }, SerializedElementNode>;

const CONTAINER_CLASS = 'crm-rte__collapsible';

// Sanitised HTML may have lost the content wrapper's marker: whatever follows the summary becomes the body.
function $normaliseChildren(children: LexicalNode[]): LexicalNode[] {
  const title = $isCollapsibleTitleNode(children[0]) ? children[0] : $createCollapsibleTitleNode();
  const rest = $isCollapsibleTitleNode(children[0]) ? children.slice(1) : children;
  if (rest.length === 1 && $isCollapsibleContentNode(rest[0])) return [title, rest[0]];
  const content = $createCollapsibleContentNode();
  let paragraph: ElementNode | null = null;
  for (const node of rest) {
    const nodes = $isCollapsibleContentNode(node) ? node.getChildren() : [node];
    for (const child of nodes) {
      if (($isElementNode(child) || $isDecoratorNode(child)) && !child.isInline()) {
        content.append(child);
        paragraph = null;
      } else {
        if (!paragraph) {
          paragraph = $createParagraphNode();
          content.append(paragraph);
        }
        paragraph.append(child);
      }
    }
  }
  if (content.getChildrenSize() === 0) content.append($createParagraphNode());
  return [title, content];
}

function $convertDetailsElement(domNode: HTMLElement): DOMConversionOutput {
  return {
    node: $createCollapsibleContainerNode(domNode.hasAttribute('open')),
    after: $normaliseChildren,
  };
}

// A collapsible (accordion) section, exported as `<details><summary>title</summary>body</details>`.
export class CollapsibleContainerNode extends ElementNode {
  __open: boolean;

  static override getType(): string {
    return 'collapsible-container';
  }

  static override clone(node: CollapsibleContainerNode): CollapsibleContainerNode {
    return new CollapsibleContainerNode(node.__open, node.__key);
  }

  static override importJSON(serializedNode: SerializedCollapsibleContainerNode): CollapsibleContainerNode {
    return $createCollapsibleContainerNode(serializedNode.open).updateFromJSON(serializedNode);
  }

  static override importDOM(): DOMConversionMap {
    return { details: () => ({ conversion: $convertDetailsElement, priority: 1 }) };
  }

  constructor(open: boolean, key?: NodeKey) {
    super(key);
    this.__open = open;
  }

  override exportJSON(): SerializedCollapsibleContainerNode {
    return { ...super.exportJSON(), type: 'collapsible-container', version: 1, open: this.__open };
  }

  override createDOM(_config: EditorConfig, editor: LexicalEditor): HTMLElement {
    const dom = document.createElement('details');
    dom.className = CONTAINER_CLASS;
    dom.open = this.__open;
    // The browser toggles <details> by itself; mirror it into the node so the state is saved and undoable.
    dom.addEventListener('toggle', () => {
      const open = editor.getEditorState().read(() => this.getOpen());
      if (open !== dom.open) editor.update(() => this.setOpen(dom.open));
    });
    return dom;
  }

  override updateDOM(prevNode: CollapsibleContainerNode, dom: HTMLElement): boolean {
    if (prevNode.__open !== this.__open) (dom as HTMLDetailsElement).open = this.__open;
    return false;
  }

  override exportDOM(): DOMExportOutput {
    const element = document.createElement('details');
    if (this.__open) element.setAttribute('open', '');
    return { element };
  }

  getOpen(): boolean {
    return this.getLatest().__open;
  }

  setOpen(open: boolean): this {
    const writable = this.getWritable();
    writable.__open = open;
    return writable;
  }

  toggleOpen(): this {
    return this.setOpen(!this.getOpen());
  }
}

export function $createCollapsibleContainerNode(open: boolean): CollapsibleContainerNode {
  return new CollapsibleContainerNode(open);
}

export function $isCollapsibleContainerNode(node: LexicalNode | null | undefined): node is CollapsibleContainerNode {
  return node instanceof CollapsibleContainerNode;
}
