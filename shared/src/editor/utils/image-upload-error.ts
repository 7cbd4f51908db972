/** What the editor reports when the upload answer carries no usable image URL. */
export const INVALID_IMAGE_URL_MESSAGE = 'Invalid image URL from server';
/** What the editor reports for any other image upload failure. */
export const IMAGE_UPLOAD_FAILED_MESSAGE = 'Image upload failed';

/** A failed image upload whose message is already the one the user should read. */
export class ImageUploadError extends Error {
  constructor(message: typeof INVALID_IMAGE_URL_MESSAGE | typeof IMAGE_UPLOAD_FAILED_MESSAGE) {
    super(message);
    this.name = 'ImageUploadError';
  }
}
