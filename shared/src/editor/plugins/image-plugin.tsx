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
} from 'lexical';
import { useEffect, useRef } from 'react';
import { $createImageNode, $isImageNode, ImageNode } from '../nodes/image-node';
import { INSERT_IMAGE_COMMAND, SET_IMAGE_ALT_COMMAND } from '../utils/editor-commands';

export interface ImagePluginProps {
  // Uploads a dropped or pasted image; null when it failed (the failure is already reported).
  upload: (file: File) => Promise<string | null>;
}

// Image insertion, alt-text changes and upload of images dropped or pasted into the editor.
export function ImagePlugin({ upload }: ImagePluginProps) {
  const [editor] = useLexicalComposerContext();
  const uploadRef = useRef(upload);

  useEffect(() => {
    uploadRef.current = upload;
  });

  useEffect(() => {
    if (!editor.hasNodes([ImageNode])) throw new Error('ImagePlugin: ImageNode is not registered on the editor');
    return mergeRegister(
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
