import { api } from '@crm/shared/api-client';
import { uploadEditorImage } from './upload-editor-image';

jest.mock('@crm/shared/api-client', () => ({ api: { post: jest.fn() } }));

const post = api.post as jest.MockedFunction<typeof api.post>;
const file = new File(['png-bytes'], 'photo.png', { type: 'image/png' });

describe('uploadEditorImage', () => {
  let consoleError: jest.SpyInstance;

  beforeEach(() => {
    post.mockReset();
    consoleError = jest.spyOn(console, 'error').mockImplementation(() => undefined);
  });

  afterEach(() => consoleError.mockRestore());

  it('posts the file as multipart field "image" to /upload and resolves to the answer url', async () => {
    post.mockResolvedValue({ url: '/storage/editor/photo.png' });

    await expect(uploadEditorImage(file)).resolves.toBe('/storage/editor/photo.png');

    expect(post).toHaveBeenCalledTimes(1);
    const [path, body] = post.mock.calls[0];
    expect(path).toBe('/upload');
    expect(body).toBeInstanceOf(FormData);
    const sent = (body as FormData).get('image');
    expect(sent).toBeInstanceOf(File);
    expect((sent as File).name).toBe('photo.png');
    expect(consoleError).not.toHaveBeenCalled();
  });

  it("reports 'Invalid image URL from server' when the answer has no url", async () => {
    post.mockResolvedValue({ path: '/storage/editor/photo.png' });
    await expect(uploadEditorImage(file)).rejects.toThrow('Invalid image URL from server');
  });

  it("reports 'Invalid image URL from server' for a url that is not http(s)", async () => {
    post.mockResolvedValue({ url: 'javascript:alert(1)' });
    await expect(uploadEditorImage(file)).rejects.toThrow('Invalid image URL from server');
  });

  it("reports 'Image upload failed' and logs when the request fails", async () => {
    const failure = new Error('413 Payload Too Large');
    post.mockRejectedValue(failure);

    await expect(uploadEditorImage(file)).rejects.toThrow('Image upload failed');
    expect(consoleError).toHaveBeenCalledWith('Image upload failed', failure);
  });
});
