import { BlockWithAlignableContents } from '@lexical/react/LexicalBlockWithAlignableContents';
import type { ElementFormatType, NodeKey } from 'lexical';

export interface VideoComponentProps {
  nodeKey: NodeKey;
  format: ElementFormatType | null;
  className: { base: string; focus: string };
  // An embed URL built from a parsed video id, never user input.
  src: string;
  title: string;
}

// An embedded video in the editor; selecting the block and pressing Delete removes it.
export function VideoComponent({ nodeKey, format, className, src, title }: VideoComponentProps) {
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
