import { useLexicalComposerContext } from '@lexical/react/LexicalComposerContext';
import { $insertNodeToNearestRoot } from '@lexical/utils';
import { COMMAND_PRIORITY_EDITOR } from 'lexical';
import { useEffect } from 'react';
import { $createVideoNode, VideoNode } from '../nodes/video-node';
import { INSERT_VIDEO_COMMAND } from '../utils/editor-commands';

export function VideoPlugin() {
  const [editor] = useLexicalComposerContext();
  useEffect(() => {
    if (!editor.hasNodes([VideoNode])) throw new Error('VideoPlugin: VideoNode is not registered on the editor');
    return editor.registerCommand(
      INSERT_VIDEO_COMMAND,
      (video) => {
        $insertNodeToNearestRoot($createVideoNode(video));
        return true;
      },
      COMMAND_PRIORITY_EDITOR,
    );
  }, [editor]);
  return null;
}
