import { $generateHtmlFromNodes, $generateNodesFromDOM } from '@lexical/html';
import { EDITOR_CLASS_PREFIX } from './editor-theme';
import {
  $createParagraphNode,
  $getRoot,
  $isDecoratorNode,
  $isElementNode,
  $isParagraphNode,
  type LexicalEditor,
  type ParagraphNode,
} from 'lexical';

// Update tag of imports from the `value` prop: they are not user edits and are not reported through onChange.
export const HTML_IMPORT_TAG = 'crm-html-import';

// Replaces the document with the nodes parsed from `html`. Inline nodes that arrive at the top level
// (plain text, a bare `<b>`) are gathered into paragraphs, which the root requires.
export function $replaceContentWithHtml(editor: LexicalEditor, html: string): void {
  const root = $getRoot();
  root.clear();
  if (html.trim()) {
    const dom = new DOMParser().parseFromString(html, 'text/html');
    let paragraph: ParagraphNode | null = null;
    for (const node of $generateNodesFromDOM(editor, dom)) {
      if (($isElementNode(node) || $isDecoratorNode(node)) && !node.isInline()) {
        root.append(node);
        paragraph = null;
      } else {
        if (!paragraph) {
          paragraph = $createParagraphNode();
          root.append(paragraph);
        }
        paragraph.append(node);
      }
    }
  }
  if (root.getChildrenSize() === 0) root.append($createParagraphNode());
}

export function $isContentEmpty(): boolean {
  return $getRoot()
    .getChildren()
    .every((child) => $isParagraphNode(child) && child.getChildrenSize() === 0);
}

const TABLE_TAGS = new Set(['TABLE', 'TR', 'TH', 'TD']);

// Strips what only the editing surface needs from exported HTML: the editor's theme classes and the
// fixed borders, widths and colours Lexical writes on tables (RichTextView styles tables from the theme,
// so they also read well in dark mode).
function tidy(html: string): string {
  const template = document.createElement('template');
  template.innerHTML = html;
  for (const element of template.content.querySelectorAll<HTMLElement>('[class], table, tr, th, td')) {
    const own = [...element.classList].filter((name) => !name.startsWith(EDITOR_CLASS_PREFIX));
    if (own.length > 0) element.className = own.join(' ');
    else element.removeAttribute('class');
    if (TABLE_TAGS.has(element.tagName)) element.removeAttribute('style');
  }
  return template.innerHTML;
}

// The document as HTML; an empty document is '' so a blank note is stored as blank, not as `<p><br></p>`.
export function $exportContentHtml(editor: LexicalEditor): string {
  return $isContentEmpty() ? '' : tidy($generateHtmlFromNodes(editor, null));
}
