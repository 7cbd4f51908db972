import { useLexicalComposerContext } from '@lexical/react/LexicalComposerContext';
import { DRAG_DROP_PASTE } from '@lexical/rich-text';
import { $wrapNodeInElement, mergeRegister } from '@lexical/utils';
import {
  $createParagraphNode,
  $getNodeByKey,
  $insertNodes,
  $isRootOrShadowRoot,
  COMMAND_PRIORITY_EDITOR,
  COMMAND_PRIORITY_LOW,
  HISTORY_MERGE_TAG,
  type LexicalEditor,
  type NodeKey,
} from 'lexical';
import { useEffect, useRef } from 'react';
import { useUiText } from '@crm/shared/ui';
import { $createImageNode, $isImageNode, ImageNode } from '../nodes/image-node';
import { INSERT_IMAGE_COMMAND, SET_IMAGE_ALT_COMMAND } from '../utils/editor-commands';
import { fetchImageFile } from '../utils/fetch-image-file';
import { imageSource } from '../utils/image-source';
import { HTML_IMPORT_TAG } from '../utils/html-io';

export interface ImagePluginProps {
  // Uploads a dropped or pasted image; null when it failed (the failure is already reported).
  upload: (file: File) => Promise<string | null>;
  // Tells the user something went wrong with an image (a toast by default).
  report: (message: string) => void;
}

// Uploads a pasted image that is not on this site yet (another site's, or inline data), then points the node at the
// upload — or removes it, so the other site's address is never kept. The change merges into the paste's undo step.
async function copyPastedImage(editor: LexicalEditor, key: NodeKey, src: string, props: ImagePluginProps, copyFailed: string): Promise<void> {
  const source = imageSource(src);
  if (!source || source.kind === 'own') return;
  const file = await fetchImageFile(source);
  if (!file) props.report(copyFailed);
  const url = file ? await props.upload(file) : null;
  editor.update(
    () => {
      const node = $getNodeByKey(key);
      if (!$isImageNode(node) || node.getSrc() !== src) return;
      if (url) node.setSrc(url);
      else node.remove();
    },
    { tag: HISTORY_MERGE_TAG },
  );
}

// Image insertion, alt-text changes, upload of images dropped or pasted into the editor, and copying of pasted images
// from other sites (never hotlinked).
export function ImagePlugin(props: ImagePluginProps) {
  const [editor] = useLexicalComposerContext();
  const t = useUiText();
  const propsRef = useRef(props);
  const copyFailedRef = useRef(t('editor.imageCopyFailed'));
  const uploadRef = useRef(props.upload);

  useEffect(() => {
    propsRef.current = props;
    copyFailedRef.current = t('editor.imageCopyFailed');
    uploadRef.current = props.upload;
  });

  useEffect(() => {
    if (!editor.hasNodes([ImageNode])) throw new Error('ImagePlugin: ImageNode is not registered on the editor');
    return mergeRegister(
      editor.registerMutationListener(
        ImageNode,
        (mutations, { updateTags }) => {
          // A value loaded from the server is already sanitised; only what the user adds is copied.
          if (updateTags.has(HTML_IMPORT_TAG)) return;
          for (const [key, mutation] of mutations) {
            if (mutation !== 'created') continue;
            const src = editor.getEditorState().read(() => {
              const node = $getNodeByKey(key);
              return $isImageNode(node) ? node.getSrc() : '';
            });
            if (imageSource(src)?.kind === 'data' || imageSource(src)?.kind === 'outside') {
              void copyPastedImage(editor, key, src, propsRef.current, copyFailedRef.current);
            }
          }
        },
        { skipInitialization: true },
      ),
      editor.registerCommand(
        INSERT_IMAGE_COMMAND,
        ({ src, altText }) => {
          const image = $createImageNode({ src, altText });
          $insertNodes([image]);
          // An image landing directly in the root (an empty document, a table cell edge) needs a paragraph.
          if ($isRootOrShadowRoot(image.getParentOrThrow())) $wrapNodeInElement(image, $createParagraphNode).selectEnd();
          return true;
        },
        COMMAND_PRIORITY_EDITOR,
      ),
      editor.registerCommand(
        SET_IMAGE_ALT_COMMAND,
        ({ nodeKey, altText }) => {
          const node = $getNodeByKey(nodeKey);
          if (!$isImageNode(node)) return false;
          node.setAltText(altText);
          return true;
        },
        COMMAND_PRIORITY_EDITOR,
      ),
      editor.registerCommand(
        DRAG_DROP_PASTE,
        (files) => {
          const images = files.filter((file) => file.type.startsWith('image/'));
          if (images.length === 0) return false;
          void (async () => {
            for (const file of images) {
              const url = await uploadRef.current(file);
              if (url) editor.dispatchCommand(INSERT_IMAGE_COMMAND, { src: url, altText: '' });
            }
          })();
          return true;
        },
        COMMAND_PRIORITY_LOW,
      ),
    );
  }, [editor]);

  return null;
}
