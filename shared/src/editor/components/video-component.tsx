import { BlockWithAlignableContents } from '@lexical/react/LexicalBlockWithAlignableContents';
import type { ElementFormatType, NodeKey } from 'lexical';
import { useUiText } from '@crm/shared/ui';
import type { VideoProvider } from '../utils/parse-video-url';

export interface VideoComponentProps {
  nodeKey: NodeKey;
  format: ElementFormatType | null;
  className: { base: string; focus: string };
  // An embed URL built from a parsed video id, never user input.
  src: string;
  provider: VideoProvider;
}

// An embedded video in the editor; selecting the block and pressing Delete removes it.
export function VideoComponent({ nodeKey, format, className, src, provider }: VideoComponentProps) {
  const t = useUiText();
  const title = t(provider === 'youtube' ? 'editor.youtubeVideo' : 'editor.vimeoVideo');
  return (
    <BlockWithAlignableContents nodeKey={nodeKey} format={format} className={className}>
      <iframe
        src={src}
        title={title}
        width={560}
        height={315}
        allow="autoplay; fullscreen; picture-in-picture; encrypted-media"
        allowFullScreen
      />
    </BlockWithAlignableContents>
  );
}
