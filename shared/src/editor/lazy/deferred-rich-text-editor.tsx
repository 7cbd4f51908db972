import { useEffect, useId, useRef, useState, type ClipboardEvent as ReactClipboardEvent, type DragEvent as ReactDragEvent, type FormEvent, type MutableRefObject } from 'react';
import styled from 'styled-components';
import { firstError, ThemeFallback, useUiText } from '@crm/shared/ui';
import {
  EditorFrame,
  EditorLabel,
  EditorMessage,
  EditorPlaceholder,
  EditorRoot,
  EditorScroller,
  editableAreaStyles,
  TOOLBAR_BUTTON_SIZE,
  TOOLBAR_PADDING,
} from '../components/editor-frame';
import { RICH_TEXT_EDITOR_HEIGHT } from '../editor-height';
import type { RichTextEditorProps } from '../rich-text-editor';
import { editorPart } from './editor-part';
import { LazyRichTextEditor } from './lazy-rich-text-editor';

export type DeferredRichTextEditorProps = RichTextEditorProps;

// The toolbar's place: one row of buttons and its bottom border, as OverflowToolbar draws it.
const ToolbarPlace = styled.div`
  flex: none;
  height: ${TOOLBAR_BUTTON_SIZE + TOOLBAR_PADDING}px;
  box-sizing: content-box;
  border-block-end: 1px solid ${({ theme }) => theme.colors.border};
`;

const Anchor = styled.div`
  position: relative;
  min-height: 100%;
`;

const Area = styled.div`
  ${editableAreaStyles}
`;

/** Whether the stand-in holds anything worth keeping: text, or an image, video or table of the stored HTML. */
const hasContent = (element: HTMLElement) =>
  (element.textContent ?? '').trim() !== '' || element.querySelector('img, iframe, table') !== null;

/** What a paste carried, read while its event lasted (a clipboard can be read only then). */
interface HeldPaste {
  types: string[];
  data: Record<string, string>;
  files: File[];
}

// Lexical's own clipboard format: what is copied from another rich-text field, with its tables, sections and embeds.
const LEXICAL_CLIPBOARD_TYPE = 'application/x-lexical-editor';

/**
 * A paste that only the editor takes as the editor would: files (uploaded), Lexical's own format, and HTML with images
 * or embeds (another site's images are copied here, never shown from there). Text and plain formatting the browser
 * pastes into the stand-in itself, and the editor reads them from its value when it takes over.
 */
const needsEditor = (data: DataTransfer) =>
  data.types.includes('Files') || data.types.includes(LEXICAL_CLIPBOARD_TYPE) || /<(?:img|iframe)\b/i.test(data.getData('text/html'));

function holdPaste(data: DataTransfer): HeldPaste {
  const types = [...data.types];
  return {
    types,
    data: Object.fromEntries(types.filter((type) => type !== 'Files').map((type) => [type, data.getData(type)])),
    files: [...data.files],
  };
}

/** The held paste as a paste into `target`, the editor's root, which handles it as it handles the user's own. */
function replayPaste(target: HTMLElement, paste: HeldPaste) {
  // Lexical takes files only from a ClipboardEvent; its clipboard data is this copy (no DataTransfer to build).
  const event = typeof ClipboardEvent === 'function' ? new ClipboardEvent('paste', { bubbles: true, cancelable: true }) : new Event('paste', { bubbles: true, cancelable: true });
  const clipboardData = { types: paste.types, files: paste.files, getData: (type: string) => paste.data[type] ?? '' };
  Object.defineProperty(event, 'clipboardData', { value: clipboardData });
  target.dispatchEvent(event);
}

/** The caret's place in `element`, in characters of its text from the start; undefined when the caret is elsewhere. */
function caretOffsetIn(element: HTMLElement): number | undefined {
  const selection = element.ownerDocument.getSelection();
  if (!selection || selection.rangeCount === 0 || !selection.focusNode || !element.contains(selection.focusNode)) return undefined;
  const range = element.ownerDocument.createRange();
  range.selectNodeContents(element);
  range.setEnd(selection.focusNode, selection.focusOffset);
  return range.toString().length;
}

/**
 * The rich-text editor, with Lexical fetched only when the user first turns to the field (focus, by a press or Tab).
 * Until then a stand-in of the same size takes its place: the label, the frame, the toolbar's row and an editable
 * area (a plain `contenteditable` textbox with the same name) showing the value. What is typed there is reported
 * through `onChange` and becomes the editor's value when it arrives; the editor then takes the focus, its caret where
 * the stand-in's was. A paste or drop the stand-in cannot take as the editor would (files, images, the editor's own
 * content) waits for the editor and is then pasted into it (a drop where it was dropped).
 * Once the editor has been fetched (another field, another page) it renders at once. For a field a page is likely to
 * leave untouched (a comment box, the lead's notes), so that the page's first load neither fetches nor runs Lexical.
 */
export function DeferredRichTextEditor(props: DeferredRichTextEditorProps) {
  const loaded = editorPart.useLoaded();
  const [wanted, setWanted] = useState(false);
  const [focused, setFocused] = useState(false);
  // The stand-in's editable area, and where its caret was when the editor arrived: the editor puts it back there, so
  // what is typed on goes where it went before.
  const areaRef = useRef<HTMLDivElement | null>(null);
  const caret = useRef<number | undefined>(undefined);
  // Pastes made in the stand-in that wait for the editor (see needsEditor), in order.
  const [held, setHeld] = useState<HeldPaste[]>([]);
  const autoId = useId();
  const editorId = props.id ?? `rich-text-${autoId}`;
  // Once the editor is here and its plugins are listening (their effects ran before this one), it is given the pastes.
  useEffect(() => {
    if (!loaded || held.length === 0) return;
    const root = document.getElementById(editorId);
    if (!root) return;
    for (const paste of held) replayPaste(root, paste);
    setHeld([]);
  }, [loaded, held, editorId]);
  if (loaded || props.readOnly) {
    // The editor takes the focus from the stand-in; also when a paste waits for it, which needs the caret to land.
    const handOver = wanted && (focused || held.length > 0);
    // Read in the render that replaces the stand-in, while it is still on the page (the same task as the editor's
    // arrival: no key press comes in between).
    if (handOver && areaRef.current?.isConnected) caret.current = caretOffsetIn(areaRef.current);
    return (
      <LazyRichTextEditor
        {...props}
        id={editorId}
        autoFocus={props.autoFocus || handOver}
        caretOffset={handOver ? caret.current : props.caretOffset}
      />
    );
  }
  return (
    <StandIn
      {...props}
      id={editorId}
      areaRef={areaRef}
      onHeldPaste={(paste) => setHeld((current) => [...current, paste])}
      onFocusChange={(has) => {
        setFocused(has);
        if (has && !wanted) {
          setWanted(true);
          editorPart.request();
        }
      }}
    />
  );
}

interface StandInProps extends RichTextEditorProps {
  id: string;
  areaRef: MutableRefObject<HTMLDivElement | null>;
  onFocusChange: (focused: boolean) => void;
  onHeldPaste: (paste: HeldPaste) => void;
}

function StandIn({ value, onChange, label, error, placeholder, height = RICH_TEXT_EDITOR_HEIGHT, id, areaRef, onFocusChange, onHeldPaste }: StandInProps) {
  const t = useUiText();
  const labelId = `${id}-label`;
  const errorId = `${id}-error`;
  const message = firstError(error);
  // What the area was filled with (remounted by `key`) and what it last reported: a `value` from outside (a form
  // reset) refills it; our own echo does not, as that would move the caret.
  const [area, setArea] = useState({ html: value, key: 0, reported: value });
  if (value !== area.reported) setArea((current) => ({ html: value, key: current.key + 1, reported: value }));

  const input = (event: FormEvent<HTMLDivElement>) => {
    const html = hasContent(event.currentTarget) ? event.currentTarget.innerHTML : '';
    if (html === area.reported) return;
    setArea((current) => ({ ...current, reported: html }));
    onChange(html);
  };

  const paste = (event: ReactClipboardEvent<HTMLDivElement>) => {
    if (!needsEditor(event.clipboardData)) return;
    event.preventDefault();
    onHeldPaste(holdPaste(event.clipboardData));
  };
  // A dropped file or image is taken as the editor takes it (uploaded), at the place it was dropped: the caret goes
  // there and the field takes the focus, which fetches the editor. Without this the browser would open a dropped file
  // in place of the page.
  const dragOver = (event: ReactDragEvent<HTMLDivElement>) => {
    if (needsEditor(event.dataTransfer)) event.preventDefault();
  };
  const drop = (event: ReactDragEvent<HTMLDivElement>) => {
    if (!needsEditor(event.dataTransfer)) return;
    event.preventDefault();
    const area = event.currentTarget;
    const { ownerDocument } = area;
    const at = ownerDocument.caretRangeFromPoint?.(event.clientX, event.clientY);
    if (at && area.contains(at.startContainer)) ownerDocument.getSelection()?.collapse(at.startContainer, at.startOffset);
    area.focus({ preventScroll: true });
    onHeldPaste(holdPaste(event.dataTransfer));
  };

  return (
    <ThemeFallback>
      <EditorRoot>
        {label ? (
          <EditorLabel id={labelId} onClick={() => document.getElementById(id)?.focus()}>
            {label}
          </EditorLabel>
        ) : null}
        <EditorFrame $invalid={Boolean(message)}>
          <ToolbarPlace aria-hidden />
          <EditorScroller style={{ height }}>
            <Anchor>
              <Area
                key={area.key}
                ref={areaRef}
                id={id}
                role="textbox"
                contentEditable
                suppressContentEditableWarning
                tabIndex={0}
                aria-multiline
                aria-labelledby={label ? labelId : undefined}
                aria-label={label ? undefined : t('editor.label')}
                aria-describedby={message ? errorId : undefined}
                aria-invalid={message ? true : undefined}
                aria-placeholder={placeholder}
                onFocus={() => onFocusChange(true)}
                onBlur={() => onFocusChange(false)}
                onInput={input}
                onPaste={paste}
                onDragOver={dragOver}
                onDrop={drop}
                dangerouslySetInnerHTML={{ __html: area.html }}
              />
              {placeholder && !area.reported.trim() ? <EditorPlaceholder>{placeholder}</EditorPlaceholder> : null}
            </Anchor>
          </EditorScroller>
        </EditorFrame>
        {message ? (
          <EditorMessage id={errorId} role="alert">
            {message}
          </EditorMessage>
        ) : null}
      </EditorRoot>
    </ThemeFallback>
  );
}
