import { IMAGE_UPLOAD_FAILED_MESSAGE, ImageUploadError, INVALID_IMAGE_URL_MESSAGE } from './image-upload-error';
import { isSafeImageUrl } from './safe-url';

export type ImageUploader = (file: File) => Promise<string>;

// Runs any uploader (the default one or a caller's) and turns its outcome into the spec's messages:
// a URL that is missing or not http(s) → 'Invalid image URL from server', anything else that goes wrong →
// 'Image upload failed' (also logged). Resolves to the URL, or null after `report` was told why.
export async function uploadImageFile(
  file: File,
  uploader: ImageUploader,
  report: (message: string) => void,
): Promise<string | null> {
  let url: unknown;
  try {
    url = await uploader(file);
  } catch (error) {
    if (error instanceof ImageUploadError) {
      report(error.message);
    } else {
      console.error(IMAGE_UPLOAD_FAILED_MESSAGE, error);
      report(IMAGE_UPLOAD_FAILED_MESSAGE);
    }
    return null;
  }
  if (typeof url !== 'string' || !isSafeImageUrl(url)) {
    report(INVALID_IMAGE_URL_MESSAGE);
    return null;
  }
  return url.trim();
}
