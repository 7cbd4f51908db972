import { CheckListPlugin } from '@lexical/react/LexicalCheckListPlugin';
import { LexicalComposer, type InitialConfigType } from '@lexical/react/LexicalComposer';
import { ContentEditable } from '@lexical/react/LexicalContentEditable';
import { LexicalErrorBoundary } from '@lexical/react/LexicalErrorBoundary';
import { HistoryPlugin } from '@lexical/react/LexicalHistoryPlugin';
import { LinkPlugin } from '@lexical/react/LexicalLinkPlugin';
import { ListPlugin } from '@lexical/react/LexicalListPlugin';
import { RichTextPlugin } from '@lexical/react/LexicalRichTextPlugin';
import { TablePlugin } from '@lexical/react/LexicalTablePlugin';
import { $addUpdateTag } from 'lexical';
import { useCallback, useContext, useId, useState } from 'react';
import styled from 'styled-components';
import { alpha, firstError, ThemeFallback, ToastContext, useUiText } from '@crm/shared/ui';
import {
  EditorFrame as Frame,
  EditorLabel as Label,
  EditorMessage as Message,
  EditorPlaceholder as Placeholder,
  EditorRoot as Root,
  EditorScroller as Scroller,
  editableAreaStyles,
} from './components/editor-frame';
import { RICH_TEXT_EDITOR_HEIGHT } from './editor-height';
import { EDITOR_NODES } from './nodes/editor-nodes';
import { CollapsiblePlugin } from './plugins/collapsible-plugin';
import { EditablePlugin } from './plugins/editable-plugin';
import { FocusOnMountPlugin } from './plugins/focus-on-mount-plugin';
import { FloatingLinkEditorPlugin } from './plugins/floating-link-editor-plugin';
import { HtmlValuePlugin } from './plugins/html-value-plugin';
import { ImagePlugin } from './plugins/image-plugin';
import { TableActionMenuPlugin } from './plugins/table-action-menu-plugin';
import { ToolbarPlugin } from './plugins/toolbar-plugin';
import { VideoPlugin } from './plugins/video-plugin';
import { editorTheme } from './utils/editor-theme';
import { $replaceContentWithHtml, HTML_IMPORT_TAG } from './utils/html-io';
import { isSafeLinkUrl } from './utils/safe-url';
import { uploadEditorImage } from './utils/upload-editor-image';
import { uploadImageFile } from './utils/upload-image-file';

export interface RichTextEditorProps {
  /** The document as HTML. Read at mount, and again when it changes while the editor is not focused. */
  value: string;
  /** Receives the document as HTML after each change ('' when it is empty). */
  onChange: (html: string) => void;
  label?: string;
  /** Server messages for the field; only the first is shown. */
  error?: string | readonly string[] | null;
  placeholder?: string;
  /** Height of the editing area in px (the spec's 400); longer content scrolls. */
  height?: number;
  readOnly?: boolean;
  /** Uploads an image and resolves to its URL; defaults to {@link uploadEditorImage} (`POST /api/upload`). */
  uploadImage?: (file: File) => Promise<string>;
  /**
   * Told 'Invalid image URL from server', 'Image upload failed', or that a pasted image from another site could not
   * be copied (it is left out); defaults to an error toast, else the console.
   */
  onUploadError?: (message: string) => void;
  /** Id of the editable element. */
  id?: string;
  /**
   * Takes the focus when it mounts, the caret at the end: DeferredRichTextEditor's stand-in hands its focus (and what
   * was typed into it) over to the editor once Lexical has arrived.
   */
  autoFocus?: boolean;
  /** With `autoFocus`: where the caret goes, in characters of the text from its start (the end by default). */
  caretOffset?: number;
}

// The positioned box the placeholder and the context bars are drawn in; it scrolls with the content.
const ContentAnchor = styled.div`
  position: relative;
  min-height: 100%;
`;

const Editable = styled(ContentEditable)`
  ${editableAreaStyles}

  .crm-rte__embed { margin: 0 0 0.5rem; }
  .crm-rte__embed-focus iframe, .crm-rte__table-cell-selected {
    outline: 2px solid ${({ theme }) => theme.colors.primary};
  }
  .crm-rte__table-cell-selected { background: ${({ theme }) => alpha(theme.colors.primary, 0.08)}; }
  .crm-rte__table-wrapper { overflow-x: auto; margin: 0 0 0.5rem; }
  .crm-rte__table-wrapper > table { margin: 0; }
  /* Everything but the title of a closed section is hidden, as a real <details> would. */
  details:not([open]) > .crm-rte__collapsible-content { display: none; }
`;


function logEditorError(error: Error) {
  console.error('Rich-text editor error', error);
}

function RichTextEditorView({
  value,
  onChange,
  label,
  error,
  placeholder,
  height = RICH_TEXT_EDITOR_HEIGHT,
  readOnly = false,
  uploadImage,
  onUploadError,
  id,
  autoFocus = false,
  caretOffset,
}: RichTextEditorProps) {
  const t = useUiText();
  const autoId = useId();
  const editorId = id ?? `rich-text-${autoId}`;
  const labelId = `${editorId}-label`;
  const errorId = `${editorId}-error`;
  const message = firstError(error);
  const toast = useContext(ToastContext);
  const [anchorElem, setAnchorElem] = useState<HTMLDivElement | null>(null);

  // Read once: later values reach the editor through HtmlValuePlugin, never by re-creating it.
  const [initialConfig] = useState<InitialConfigType>(() => ({
    namespace: 'crm-rich-text',
    theme: editorTheme,
    nodes: EDITOR_NODES,
    editable: !readOnly,
    onError: logEditorError,
    editorState: (editor) => {
      $addUpdateTag(HTML_IMPORT_TAG);
      $replaceContentWithHtml(editor, value);
    },
  }));

  const reportUploadError = useCallback(
    (text: string) => {
      if (onUploadError) onUploadError(text);
      else if (toast) toast.error(text);
      else console.error(text);
    },
    [onUploadError, toast],
  );

  const upload = useCallback(
    (file: File) => uploadImageFile(file, uploadImage ?? uploadEditorImage, reportUploadError),
    [uploadImage, reportUploadError],
  );

  const focusEditor = () => document.getElementById(editorId)?.focus();

  return (
    <Root>
      {label ? (
        <Label id={labelId} onClick={focusEditor}>
          {label}
        </Label>
      ) : null}
      <LexicalComposer initialConfig={initialConfig}>
        <Frame $invalid={Boolean(message)}>
          {readOnly ? null : <ToolbarPlugin upload={upload} />}
          <Scroller style={{ height }}>
            <ContentAnchor ref={setAnchorElem}>
              <RichTextPlugin
                contentEditable={
                  <Editable
                    id={editorId}
                    ariaLabelledBy={label ? labelId : undefined}
                    ariaLabel={label ? undefined : t('editor.label')}
                    ariaDescribedBy={message ? errorId : undefined}
                    ariaInvalid={message ? true : undefined}
                    ariaMultiline
                    // Lexical types it as required next to `placeholder`; undefined simply leaves the attribute out.
                    aria-placeholder={placeholder as string}
                    placeholder={(editable) =>
                      placeholder && editable ? <Placeholder>{placeholder}</Placeholder> : null
                    }
                  />
                }
                ErrorBoundary={LexicalErrorBoundary}
              />
              <FloatingLinkEditorPlugin anchorElem={anchorElem} />
              <TableActionMenuPlugin anchorElem={anchorElem} />
            </ContentAnchor>
          </Scroller>
          <HistoryPlugin />
          <ListPlugin />
          <CheckListPlugin />
          <LinkPlugin validateUrl={isSafeLinkUrl} />
          <TablePlugin hasCellMerge={false} hasCellBackgroundColor={false} hasHorizontalScroll />
          <ImagePlugin upload={upload} report={reportUploadError} />
          <VideoPlugin />
          <CollapsiblePlugin />
          <EditablePlugin editable={!readOnly} />
          <HtmlValuePlugin value={value} onChange={onChange} />
          {autoFocus ? <FocusOnMountPlugin caretOffset={caretOffset} /> : null}
        </Frame>
      </LexicalComposer>
      {message ? (
        <Message id={errorId} role="alert">
          {message}
        </Message>
      ) : null}
    </Root>
  );
}

/**
 * The rich-text editor (Lexical) used for lead notes, documents and comments. Its value is HTML.
 * Toolbar: formats, headings, quote, lists, links, image upload, video embeds, tables, code blocks, emoji and
 * collapsible sections; context bars on links, images and tables; undo/redo (issue 3).
 */
export function RichTextEditor(props: RichTextEditorProps) {
  return (
    <ThemeFallback>
      <RichTextEditorView {...props} />
    </ThemeFallback>
  );
}
