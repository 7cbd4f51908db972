// Through the package name, not a relative path: under Module Federation the app and the editor then share
// one api-client instance (session, 401 handling).
import { api } from '@crm/shared/api-client';
import {
  IMAGE_UPLOAD_FAILED_MESSAGE,
  ImageUploadError,
  INVALID_IMAGE_URL_MESSAGE,
} from './image-upload-error';
import { isSafeImageUrl } from './safe-url';

function urlOf(answer: unknown): string | null {
  if (typeof answer !== 'object' || answer === null || !('url' in answer)) return null;
  const { url } = answer as { url: unknown };
  return typeof url === 'string' && isSafeImageUrl(url) ? url.trim() : null;
}

/**
 * The editor's default image uploader: `POST /api/upload` as multipart with the file in the `image` field,
 * resolving to the answer's `url`. Rejects with an {@link ImageUploadError} whose message is the one the spec
 * shows: 'Invalid image URL from server' when the answer has no usable url, otherwise 'Image upload failed'.
 */
export async function uploadEditorImage(file: File): Promise<string> {
  const body = new FormData();
  body.append('image', file, file.name);
  let answer: unknown;
  try {
    answer = await api.post<unknown>('/upload', body);
  } catch (error) {
    console.error(IMAGE_UPLOAD_FAILED_MESSAGE, error);
    throw new ImageUploadError(IMAGE_UPLOAD_FAILED_MESSAGE);
  }
  const url = urlOf(answer);
  if (!url) {
    console.error(INVALID_IMAGE_URL_MESSAGE, answer);
    throw new ImageUploadError(INVALID_IMAGE_URL_MESSAGE);
  }
  return url;
}
