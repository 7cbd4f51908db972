import { useId, useRef, useState, type FormEvent, type MutableRefObject } from 'react';
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
 * the stand-in's was.
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
  const autoId = useId();
  const editorId = props.id ?? `rich-text-${autoId}`;
  if (loaded || props.readOnly) {
    const handOver = wanted && focused;
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
}

function StandIn({ value, onChange, label, error, placeholder, height = RICH_TEXT_EDITOR_HEIGHT, id, areaRef, onFocusChange }: StandInProps) {
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
