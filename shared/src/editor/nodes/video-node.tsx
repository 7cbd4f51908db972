import { DecoratorBlockNode, type SerializedDecoratorBlockNode } from '@lexical/react/LexicalDecoratorBlockNode';
import type {
  DOMConversionMap,
  DOMConversionOutput,
  DOMExportOutput,
  EditorConfig,
  ElementFormatType,
  LexicalEditor,
  LexicalNode,
  NodeKey,
  Spread,
} from 'lexical';
import type { JSX } from 'react';
import { uiText } from '@crm/shared/ui';
import { VideoComponent } from '../components/video-component';
import {
  parseVideoUrl,
  videoEmbedUrl,
  videoPageUrl,
  type VideoProvider,
  type VideoRef,
} from '../utils/parse-video-url';

export type SerializedVideoNode = Spread<
  { provider: VideoProvider; videoId: string; hash?: string },
  SerializedDecoratorBlockNode
>;

// Saved HTML is read on the Russian document and lead screens, so the frame's accessible name is Russian there.
const savedTitle = (provider: VideoProvider) => uiText('ru')(provider === 'youtube' ? 'editor.youtubeVideo' : 'editor.vimeoVideo');

function $convertIframeElement(domNode: HTMLElement): DOMConversionOutput {
  // Only frames that are recognisably YouTube or Vimeo survive an import; any other iframe is dropped.
  const video = parseVideoUrl(domNode.getAttribute('src') ?? '');
  return { node: video ? $createVideoNode(video) : null };
}

// An embedded YouTube or Vimeo video. It keeps only the provider and the parsed id, so the iframe source
// is always rebuilt from them and never carries a URL the user typed.
export class VideoNode extends DecoratorBlockNode {
  __provider: VideoProvider;
  __videoId: string;
  __hash: string | undefined;

  static override getType(): string {
    return 'video';
  }

  static override clone(node: VideoNode): VideoNode {
    return new VideoNode(
      { provider: node.__provider, id: node.__videoId, hash: node.__hash },
      node.__format,
      node.__key,
    );
  }

  static override importJSON(serializedNode: SerializedVideoNode): VideoNode {
    return $createVideoNode({
      provider: serializedNode.provider,
      id: serializedNode.videoId,
      hash: serializedNode.hash,
    }).updateFromJSON(serializedNode);
  }

  static override importDOM(): DOMConversionMap {
    return { iframe: () => ({ conversion: $convertIframeElement, priority: 1 }) };
  }

  constructor(video: VideoRef, format?: ElementFormatType, key?: NodeKey) {
    super(format, key);
    this.__provider = video.provider;
    this.__videoId = video.id;
    this.__hash = video.hash;
  }

  override exportJSON(): SerializedVideoNode {
    return {
      ...super.exportJSON(),
      type: 'video',
      version: 1,
      provider: this.__provider,
      videoId: this.__videoId,
      hash: this.__hash,
    };
  }

  getVideo(): VideoRef {
    const self = this.getLatest();
    return self.__hash
      ? { provider: self.__provider, id: self.__videoId, hash: self.__hash }
      : { provider: self.__provider, id: self.__videoId };
  }

  override exportDOM(): DOMExportOutput {
    const video = this.getVideo();
    const element = document.createElement('iframe');
    element.setAttribute('src', videoEmbedUrl(video));
    element.setAttribute('width', '560');
    element.setAttribute('height', '315');
    element.setAttribute('title', savedTitle(video.provider));
    element.setAttribute('frameborder', '0');
    element.setAttribute('allow', 'autoplay; fullscreen; picture-in-picture; encrypted-media');
    element.setAttribute('allowfullscreen', 'true');
    return { element };
  }

  override getTextContent(): string {
    return videoPageUrl(this.getVideo());
  }

  override decorate(_editor: LexicalEditor, config: EditorConfig): JSX.Element {
    const video = this.getVideo();
    return (
      <VideoComponent
        nodeKey={this.getKey()}
        format={this.__format}
        className={{ base: config.theme.embedBlock?.base ?? '', focus: config.theme.embedBlock?.focus ?? '' }}
        src={videoEmbedUrl(video)}
        provider={video.provider}
      />
    );
  }
}

export function $createVideoNode(video: VideoRef): VideoNode {
  return new VideoNode(video);
}

export function $isVideoNode(node: LexicalNode | null | undefined): node is VideoNode {
  return node instanceof VideoNode;
}
