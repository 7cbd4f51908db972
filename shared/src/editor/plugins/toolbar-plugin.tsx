import { $createCodeNode, $isCodeNode } from '@lexical/code';
import { $createLinkNode, $isLinkNode, $toggleLink, TOGGLE_LINK_COMMAND } from '@lexical/link';
import {
  $isListNode,
  INSERT_CHECK_LIST_COMMAND,
  INSERT_ORDERED_LIST_COMMAND,
  INSERT_UNORDERED_LIST_COMMAND,
  ListNode,
  REMOVE_LIST_COMMAND,
} from '@lexical/list';
import { useLexicalComposerContext } from '@lexical/react/LexicalComposerContext';
import { $createHeadingNode, $createQuoteNode, $isHeadingNode, $isQuoteNode, type HeadingTagType } from '@lexical/rich-text';
import { $setBlocksType } from '@lexical/selection';
import { INSERT_TABLE_COMMAND } from '@lexical/table';
import { $findMatchingParent, $getNearestNodeOfType, mergeRegister } from '@lexical/utils';
import {
  $createParagraphNode,
  $createTextNode,
  $getSelection,
  $insertNodes,
  $isRangeSelection,
  $isRootOrShadowRoot,
  CAN_REDO_COMMAND,
  CAN_UNDO_COMMAND,
  COMMAND_PRIORITY_LOW,
  FORMAT_TEXT_COMMAND,
  REDO_COMMAND,
  UNDO_COMMAND,
  type BaseSelection,
  type ElementNode,
  type TextFormatType,
} from 'lexical';
import { useCallback, useEffect, useId, useRef, useState, type ReactNode } from 'react';
import {
  IconArrowBackUp,
  IconArrowForwardUp,
  IconBlockquote,
  IconBold,
  IconCode,
  IconH1,
  IconH2,
  IconH3,
  IconItalic,
  IconLink,
  IconList,
  IconListCheck,
  IconListNumbers,
  IconMoodSmile,
  IconPhoto,
  IconSquareChevronDown,
  IconStrikethrough,
  IconTable,
  IconUnderline,
  IconUnlink,
  IconVideo,
} from '../components/editor-icons';
import { EmojiPicker } from '../components/emoji-picker';
import { ImageForm } from '../components/image-form';
import { LinkForm } from '../components/link-form';
import { OverflowToolbar, type ToolbarItem } from '../components/overflow-toolbar';
import { TableForm } from '../components/table-form';
import { ToolbarPanel } from '../components/toolbar-panel';
import { VideoForm } from '../components/video-form';
import {
  INSERT_COLLAPSIBLE_COMMAND,
  INSERT_IMAGE_COMMAND,
  INSERT_VIDEO_COMMAND,
} from '../utils/editor-commands';
import type { VideoRef } from '../utils/parse-video-url';
import { focusEditor } from '../utils/focus-editor';
import { $restoreSelection, $saveSelection } from '../utils/saved-selection';
import { useUiText, type UiKey } from '@crm/shared/ui';

export interface ToolbarPluginProps {
  // Uploads an image; resolves to its URL, or null once the failure has been reported.
  upload: (file: File) => Promise<string | null>;
}

type BlockType = 'paragraph' | HeadingTagType | 'quote' | 'code' | 'bullet' | 'number' | 'check';
type Panel = 'link' | 'image' | 'video' | 'table' | 'emoji';

interface ToolbarState {
  formats: Record<'bold' | 'italic' | 'underline' | 'strikethrough', boolean>;
  blockType: BlockType;
  isLink: boolean;
  collapsed: boolean;
}

const INITIAL_STATE: ToolbarState = {
  formats: { bold: false, italic: false, underline: false, strikethrough: false },
  blockType: 'paragraph',
  isLink: false,
  collapsed: true,
};

const PANEL_LABELS: Record<Panel, UiKey> = {
  link: 'editor.insertLink',
  image: 'editor.insertImage',
  video: 'editor.embedVideo',
  table: 'editor.insertTable',
  emoji: 'editor.insertEmoji',
};

const ICON_SIZE = 18;

function $readToolbarState(): ToolbarState {
  const selection = $getSelection();
  if (!$isRangeSelection(selection)) return INITIAL_STATE;
  const anchor = selection.anchor.getNode();
  const block =
    anchor.getKey() === 'root'
      ? null
      : ($findMatchingParent(anchor, (node) => {
          const parent = node.getParent();
          return parent !== null && $isRootOrShadowRoot(parent);
        }) as ElementNode | null);
  let blockType: BlockType = 'paragraph';
  if ($isListNode(block)) {
    // The innermost list decides, so a checklist nested in a bullet list shows as a checklist.
    blockType = ($getNearestNodeOfType(anchor, ListNode) ?? block).getListType();
  } else if ($isHeadingNode(block)) blockType = block.getTag();
  else if ($isQuoteNode(block)) blockType = 'quote';
  else if ($isCodeNode(block)) blockType = 'code';
  const focusLink = $findMatchingParent(selection.focus.getNode(), $isLinkNode);
  const anchorLink = $findMatchingParent(anchor, $isLinkNode);
  return {
    formats: {
      bold: selection.hasFormat('bold'),
      italic: selection.hasFormat('italic'),
      underline: selection.hasFormat('underline'),
      strikethrough: selection.hasFormat('strikethrough'),
    },
    blockType,
    isLink: anchorLink !== null || focusLink !== null,
    collapsed: selection.isCollapsed(),
  };
}

// The editor toolbar: text formats, headings and quote, lists, link, image upload, video embed, table,
// code block, emoji and collapsible section, undo/redo. Actions that need details open a panel under it.
export function ToolbarPlugin({ upload }: ToolbarPluginProps) {
  const t = useUiText();
  const [editor] = useLexicalComposerContext();
  const [state, setState] = useState<ToolbarState>(INITIAL_STATE);
  const [canUndo, setCanUndo] = useState(false);
  const [canRedo, setCanRedo] = useState(false);
  const [panel, setPanel] = useState<{ kind: Panel; withText: boolean } | null>(null);
  const savedSelection = useRef<BaseSelection | null>(null);
  const panelId = useId();

  useEffect(() => {
    const refresh = () => setState(editor.read($readToolbarState));
    refresh();
    return mergeRegister(
      editor.registerUpdateListener(refresh),
      editor.registerCommand(
        CAN_UNDO_COMMAND,
        (payload) => {
          setCanUndo(payload);
          return false;
        },
        COMMAND_PRIORITY_LOW,
      ),
      editor.registerCommand(
        CAN_REDO_COMMAND,
        (payload) => {
          setCanRedo(payload);
          return false;
        },
        COMMAND_PRIORITY_LOW,
      ),
    );
  }, [editor]);

  const openPanel = useCallback(
    (kind: Panel) => {
      if (panel?.kind === kind) {
        setPanel(null);
        return;
      }
      // Focus is about to move into the panel; remember where the insertion should land.
      const { selection, withText } = editor.read(() => {
        const current = $saveSelection();
        return { selection: current, withText: !$isRangeSelection(current) || current.isCollapsed() };
      });
      savedSelection.current = selection;
      setPanel({ kind, withText });
    },
    [editor, panel],
  );

  const closePanel = useCallback(() => {
    setPanel(null);
    focusEditor(editor);
  }, [editor]);

  // Runs `$action` where the selection was when the panel opened.
  const atSavedSelection = useCallback(
    ($action: () => void) => {
      editor.update(() => {
        $restoreSelection(savedSelection.current);
        $action();
      });
    },
    [editor],
  );

  const format = (type: TextFormatType) => () => editor.dispatchCommand(FORMAT_TEXT_COMMAND, type);

  const setBlock = (target: HeadingTagType | 'quote' | 'code') => () =>
    editor.update(() => {
      const selection = $getSelection();
      if (!$isRangeSelection(selection)) return;
      // Pressing the active block button again turns the block back into a paragraph.
      if (state.blockType === target) $setBlocksType(selection, () => $createParagraphNode());
      else if (target === 'quote') $setBlocksType(selection, () => $createQuoteNode());
      else if (target === 'code') $setBlocksType(selection, () => $createCodeNode());
      else $setBlocksType(selection, () => $createHeadingNode(target));
    });

  const toggleList = (type: 'bullet' | 'number' | 'check') => () => {
    if (state.blockType === type) editor.dispatchCommand(REMOVE_LIST_COMMAND, undefined);
    else if (type === 'bullet') editor.dispatchCommand(INSERT_UNORDERED_LIST_COMMAND, undefined);
    else if (type === 'number') editor.dispatchCommand(INSERT_ORDERED_LIST_COMMAND, undefined);
    else editor.dispatchCommand(INSERT_CHECK_LIST_COMMAND, undefined);
  };

  const insertLink = ({ url, text }: { url: string; text: string }) => {
    atSavedSelection(() => {
      const selection = $getSelection();
      if ($isRangeSelection(selection) && !selection.isCollapsed()) {
        $toggleLink(url);
      } else {
        $insertNodes([$createLinkNode(url).append($createTextNode(text))]);
      }
    });
    closePanel();
  };

  const insertImage = async (file: File, altText: string): Promise<boolean> => {
    const url = await upload(file);
    if (!url) return false;
    atSavedSelection(() => {
      editor.dispatchCommand(INSERT_IMAGE_COMMAND, { src: url, altText });
    });
    closePanel();
    return true;
  };

  const insertVideo = (video: VideoRef) => {
    atSavedSelection(() => {
      editor.dispatchCommand(INSERT_VIDEO_COMMAND, video);
    });
    closePanel();
  };

  const insertTable = ({ rows, columns, headerRow }: { rows: number; columns: number; headerRow: boolean }) => {
    atSavedSelection(() => {
      editor.dispatchCommand(INSERT_TABLE_COMMAND, {
        rows: String(rows),
        columns: String(columns),
        includeHeaders: headerRow ? { rows: true, columns: false } : false,
      });
    });
    closePanel();
  };

  const insertEmoji = (emoji: string) => {
    atSavedSelection(() => {
      const selection = $getSelection();
      if ($isRangeSelection(selection)) selection.insertText(emoji);
    });
    closePanel();
  };

  const icon = (Icon: (props: { size?: number }) => ReactNode) => <Icon size={ICON_SIZE} />;
  const panelItem = (kind: Panel) => ({
    expanded: panel?.kind === kind,
    controls: panel?.kind === kind ? panelId : undefined,
    onSelect: () => openPanel(kind),
  });

  const items: ToolbarItem[] = [
    { key: 'undo', label: t('editor.undo'), icon: icon(IconArrowBackUp), disabled: !canUndo, onSelect: () => editor.dispatchCommand(UNDO_COMMAND, undefined) },
    { key: 'redo', label: t('editor.redo'), icon: icon(IconArrowForwardUp), disabled: !canRedo, onSelect: () => editor.dispatchCommand(REDO_COMMAND, undefined) },
    { key: 'bold', label: t('editor.bold'), icon: icon(IconBold), pressed: state.formats.bold, onSelect: format('bold'), groupStart: true },
    { key: 'italic', label: t('editor.italic'), icon: icon(IconItalic), pressed: state.formats.italic, onSelect: format('italic') },
    { key: 'underline', label: t('editor.underline'), icon: icon(IconUnderline), pressed: state.formats.underline, onSelect: format('underline') },
    { key: 'strikethrough', label: t('editor.strikethrough'), icon: icon(IconStrikethrough), pressed: state.formats.strikethrough, onSelect: format('strikethrough') },
    { key: 'h1', label: t('editor.heading', { level: 1 }), icon: icon(IconH1), pressed: state.blockType === 'h1', onSelect: setBlock('h1'), groupStart: true },
    { key: 'h2', label: t('editor.heading', { level: 2 }), icon: icon(IconH2), pressed: state.blockType === 'h2', onSelect: setBlock('h2') },
    { key: 'h3', label: t('editor.heading', { level: 3 }), icon: icon(IconH3), pressed: state.blockType === 'h3', onSelect: setBlock('h3') },
    { key: 'quote', label: t('editor.quote'), icon: icon(IconBlockquote), pressed: state.blockType === 'quote', onSelect: setBlock('quote') },
    { key: 'bullet', label: t('editor.bulletList'), icon: icon(IconList), pressed: state.blockType === 'bullet', onSelect: toggleList('bullet'), groupStart: true },
    { key: 'number', label: t('editor.numberedList'), icon: icon(IconListNumbers), pressed: state.blockType === 'number', onSelect: toggleList('number') },
    { key: 'check', label: t('editor.checklist'), icon: icon(IconListCheck), pressed: state.blockType === 'check', onSelect: toggleList('check') },
    state.isLink
      ? { key: 'link', label: t('editor.removeLink'), icon: icon(IconUnlink), groupStart: true, onSelect: () => editor.dispatchCommand(TOGGLE_LINK_COMMAND, null) }
      : { key: 'link', label: t('editor.insertLink'), icon: icon(IconLink), groupStart: true, ...panelItem('link') },
    { key: 'image', label: t('editor.insertImage'), icon: icon(IconPhoto), ...panelItem('image') },
    { key: 'video', label: t('editor.embedVideo'), icon: icon(IconVideo), ...panelItem('video') },
    { key: 'table', label: t('editor.insertTable'), icon: icon(IconTable), ...panelItem('table') },
    { key: 'code', label: t('editor.codeBlock'), icon: icon(IconCode), pressed: state.blockType === 'code', onSelect: setBlock('code'), groupStart: true },
    { key: 'collapsible', label: t('editor.collapsible'), icon: icon(IconSquareChevronDown), onSelect: () => editor.dispatchCommand(INSERT_COLLAPSIBLE_COMMAND, undefined) },
    { key: 'emoji', label: t('editor.insertEmoji'), icon: icon(IconMoodSmile), ...panelItem('emoji') },
  ];

  return (
    <>
      <OverflowToolbar label={t('editor.formatting')} items={items} />
      {panel ? (
        <ToolbarPanel id={panelId} label={t(PANEL_LABELS[panel.kind])} onClose={closePanel}>
          {panel.kind === 'link' ? (
            <LinkForm withText={panel.withText} onSubmit={insertLink} onCancel={closePanel} />
          ) : panel.kind === 'image' ? (
            <ImageForm onUpload={insertImage} onCancel={closePanel} />
          ) : panel.kind === 'video' ? (
            <VideoForm onSubmit={insertVideo} onCancel={closePanel} />
          ) : panel.kind === 'table' ? (
            <TableForm onSubmit={insertTable} onCancel={closePanel} />
          ) : (
            <EmojiPicker onSelect={insertEmoji} />
          )}
        </ToolbarPanel>
      ) : null}
    </>
  );
}
