export { RICH_TEXT_EDITOR_HEIGHT } from './editor-height';
export { RichTextEditor, type RichTextEditorProps } from './rich-text-editor';
export { RichTextView, type RichTextViewProps } from './rich-text-view';
export { uploadEditorImage } from './utils/upload-editor-image';
export {
  IMAGE_UPLOAD_FAILED_MESSAGE,
  ImageUploadError,
  INVALID_IMAGE_URL_MESSAGE,
} from './utils/image-upload-error';
