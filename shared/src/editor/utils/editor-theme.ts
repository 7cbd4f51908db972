import type { EditorThemeClasses } from 'lexical';

// Prefix of every class the editor puts in its own DOM; the content styles target these.
export const EDITOR_CLASS_PREFIX = 'crm-rte';

const c = (name: string) => `${EDITOR_CLASS_PREFIX}__${name}`;

// Lexical's class names for the editing surface. Only what plain tags cannot express gets a class
// (underline and strike have no tag of their own in the editing DOM; checklist items need state).
export const editorTheme: EditorThemeClasses = {
  paragraph: c('paragraph'),
  quote: c('quote'),
  heading: { h1: c('h1'), h2: c('h2'), h3: c('h3'), h4: c('h4'), h5: c('h5'), h6: c('h6') },
  list: {
    ul: c('ul'),
    ol: c('ol'),
    checklist: c('checklist'),
    listitem: c('listitem'),
    listitemChecked: c('listitem-checked'),
    listitemUnchecked: c('listitem-unchecked'),
    nested: { listitem: c('nested-listitem') },
  },
  link: c('link'),
  text: {
    underline: c('underline'),
    strikethrough: c('strikethrough'),
    underlineStrikethrough: c('underline-strikethrough'),
    code: c('inline-code'),
  },
  code: c('code'),
  image: c('image'),
  table: c('table'),
  tableCell: c('table-cell'),
  tableCellHeader: c('table-cell-header'),
  tableCellSelected: c('table-cell-selected'),
  tableSelection: c('table-selection'),
  tableScrollableWrapper: c('table-wrapper'),
  embedBlock: { base: c('embed'), focus: c('embed-focus') },
  ltr: c('ltr'),
  rtl: c('rtl'),
};
