import { ImageUploadError } from './image-upload-error';
import { uploadImageFile } from './upload-image-file';

const file = new File(['x'], 'a.png', { type: 'image/png' });

describe('uploadImageFile', () => {
  let consoleError: jest.SpyInstance;
  beforeEach(() => {
    consoleError = jest.spyOn(console, 'error').mockImplementation(() => undefined);
  });
  afterEach(() => consoleError.mockRestore());

  it('resolves to the uploaded url without reporting anything', async () => {
    const report = jest.fn();
    await expect(uploadImageFile(file, async () => 'https://cdn.example.com/a.png', report)).resolves.toBe(
      'https://cdn.example.com/a.png',
    );
    expect(report).not.toHaveBeenCalled();
  });

  it("passes on the message of the uploader's own ImageUploadError", async () => {
    const report = jest.fn();
    const uploader = async () => {
      throw new ImageUploadError('Invalid image URL from server');
    };
    await expect(uploadImageFile(file, uploader, report)).resolves.toBeNull();
    expect(report).toHaveBeenCalledWith('Invalid image URL from server');
  });

  it("turns any other failure of a custom uploader into 'Image upload failed' and logs it", async () => {
    const report = jest.fn();
    const failure = new TypeError('network down');
    await expect(uploadImageFile(file, () => Promise.reject(failure), report)).resolves.toBeNull();
    expect(report).toHaveBeenCalledWith('Image upload failed');
    expect(consoleError).toHaveBeenCalledWith('Image upload failed', failure);
  });

  it("rejects an empty or unsafe url from a custom uploader as 'Invalid image URL from server'", async () => {
    const report = jest.fn();
    await uploadImageFile(file, async () => '', report);
    await uploadImageFile(file, async () => 'data:image/png;base64,AAAA', report);
    expect(report.mock.calls).toEqual([['Invalid image URL from server'], ['Invalid image URL from server']]);
  });
});
