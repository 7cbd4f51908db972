import {
  $applyNodeReplacement,
  DecoratorNode,
  type DOMConversionMap,
  type DOMConversionOutput,
  type DOMExportOutput,
  type EditorConfig,
  type LexicalNode,
  type NodeKey,
  type SerializedLexicalNode,
  type Spread,
} from 'lexical';
import type { JSX } from 'react';
import { ImageComponent } from '../components/image-component';
import { imageSource } from '../utils/image-source';

export type SerializedImageNode = Spread<
  { src: string; altText: string; width?: number; height?: number },
  SerializedLexicalNode
>;

function positive(value: number | undefined): number | undefined {
  return value !== undefined && Number.isFinite(value) && value > 0 ? Math.round(value) : undefined;
}

function $convertImageElement(domNode: HTMLElement): DOMConversionOutput {
  const img = domNode as HTMLImageElement;
  // Stored HTML is sanitised by the server, but pasted HTML is not: an unsafe source is dropped, not kept. An image of
  // another site becomes a node the ImagePlugin copies here (or removes); until then it is neither shown nor exported.
  const source = imageSource(img.getAttribute('src') ?? '');
  if (!source) return { node: null };
  const { src } = source;
  const width = positive(Number(img.getAttribute('width') ?? undefined));
  const height = positive(Number(img.getAttribute('height') ?? undefined));
  return { node: $createImageNode({ src, altText: img.getAttribute('alt') ?? '', width, height }) };
}

// An image in the text flow, exported as a plain `<img src alt>`.
export class ImageNode extends DecoratorNode<JSX.Element> {
  __src: string;
  __altText: string;
  __width: number | undefined;
  __height: number | undefined;

  static override getType(): string {
    return 'image';
  }

  static override clone(node: ImageNode): ImageNode {
    return new ImageNode(node.__src, node.__altText, node.__width, node.__height, node.__key);
  }

  static override importJSON(serializedNode: SerializedImageNode): ImageNode {
    return $createImageNode(serializedNode).updateFromJSON(serializedNode);
  }

  static override importDOM(): DOMConversionMap {
    return { img: () => ({ conversion: $convertImageElement, priority: 0 }) };
  }

  constructor(src: string, altText: string, width?: number, height?: number, key?: NodeKey) {
    super(key);
    this.__src = src;
    this.__altText = altText;
    this.__width = positive(width);
    this.__height = positive(height);
  }

  override exportJSON(): SerializedImageNode {
    return {
      ...super.exportJSON(),
      type: 'image',
      version: 1,
      src: this.getSrc(),
      altText: this.getAltText(),
      width: this.__width,
      height: this.__height,
    };
  }

  override exportDOM(): DOMExportOutput {
    // Never stored: an image of another site that was not copied (yet).
    const kind = imageSource(this.__src)?.kind;
    if (kind !== 'own' && kind !== 'data') return { element: null };
    const element = document.createElement('img');
    element.setAttribute('src', this.__src);
    element.setAttribute('alt', this.__altText);
    if (this.__width) element.setAttribute('width', String(this.__width));
    if (this.__height) element.setAttribute('height', String(this.__height));
    return { element };
  }

  override createDOM(config: EditorConfig): HTMLElement {
    const span = document.createElement('span');
    if (config.theme.image) span.className = config.theme.image;
    return span;
  }

  override updateDOM(): false {
    return false;
  }

  override isInline(): true {
    return true;
  }

  override getTextContent(): string {
    return this.getAltText();
  }

  getSrc(): string {
    return this.getLatest().__src;
  }

  getAltText(): string {
    return this.getLatest().__altText;
  }

  /** Points the image elsewhere (a pasted image once it is uploaded here). */
  setSrc(src: string): this {
    const writable = this.getWritable();
    writable.__src = src;
    return writable;
  }

  setAltText(altText: string): this {
    const writable = this.getWritable();
    writable.__altText = altText;
    return writable;
  }

  override decorate(): JSX.Element {
    return (
      <ImageComponent
        nodeKey={this.getKey()}
        src={this.__src}
        altText={this.__altText}
        width={this.__width}
        height={this.__height}
      />
    );
  }
}

export function $createImageNode(payload: { src: string; altText: string; width?: number; height?: number }): ImageNode {
  return $applyNodeReplacement(new ImageNode(payload.src, payload.altText, payload.width, payload.height));
}

export function $isImageNode(node: LexicalNode | null | undefined): node is ImageNode {
  return node instanceof ImageNode;
}
