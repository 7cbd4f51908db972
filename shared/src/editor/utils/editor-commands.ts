import { createCommand, type LexicalCommand } from 'lexical';
import type { VideoRef } from './parse-video-url';

export interface InsertImagePayload {
  src: string;
  altText: string;
}

export const INSERT_IMAGE_COMMAND: LexicalCommand<InsertImagePayload> = createCommand('CRM_INSERT_IMAGE');
export const INSERT_VIDEO_COMMAND: LexicalCommand<VideoRef> = createCommand('CRM_INSERT_VIDEO');
export const INSERT_COLLAPSIBLE_COMMAND: LexicalCommand<void> = createCommand('CRM_INSERT_COLLAPSIBLE');

export const SET_IMAGE_ALT_COMMAND: LexicalCommand<{ nodeKey: string; altText: string }> =
  createCommand('CRM_SET_IMAGE_ALT');
