// Must come first: Lexical checks InputEvent support when it loads.
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { RichTextEditor } from '../rich-text-editor';

// jsdom has neither; Lexical's paste handling asks whether the event is one of them.
for (const name of ['DragEvent', 'ClipboardEvent']) {
  if (!(name in window)) Object.assign(window, { [name]: class extends Event {} });
}

const OUTSIDE = 'https://tracker.example/pixel.png';
const UPLOADED = '/api/uploads/0123456789abcdef0123456789abcdef.png';
const PNG_DATA = 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=';

/** What a browser puts on the clipboard when part of another web page is copied. */
function clipboard(html: string): DataTransfer {
  const data: Record<string, string> = { 'text/html': html, 'text/plain': 'Заметка' };
  return { types: Object.keys(data), files: [], items: [], getData: (type: string) => data[type] ?? '' } as unknown as DataTransfer;
}

/** A successful answer with a PNG (jsdom's Blob, which the File built from it needs). */
const imageResponse = () => ({ ok: true, blob: async () => new Blob([new Uint8Array([137, 80, 78, 71])], { type: 'image/png' }) });

function setup() {
  const user = userEvent.setup();
  const onChange = jest.fn<void, [string]>();
  const onUploadError = jest.fn<void, [string]>();
  const uploadImage = jest.fn<Promise<string>, [File]>().mockResolvedValue(UPLOADED);
  render(<RichTextEditor label="Notes" value="" onChange={onChange} uploadImage={uploadImage} onUploadError={onUploadError} />);
  const editor = screen.getByRole('textbox', { name: 'Notes' });
  const everyHtml = () => onChange.mock.calls.map(([html]) => html).join('\n');
  const lastHtml = () => onChange.mock.calls.at(-1)?.[0] ?? '';
  return { user, editor, onChange, onUploadError, uploadImage, everyHtml, lastHtml };
}

describe('ImagePlugin: pasted images are copied here, never hotlinked', () => {
  const realFetch = global.fetch;
  let fetchMock: jest.Mock;
  beforeEach(() => {
    fetchMock = jest.fn();
    global.fetch = fetchMock as unknown as typeof fetch;
  });
  afterEach(() => {
    global.fetch = realFetch;
  });

  it("uploads another site's image and keeps only the uploaded address", async () => {
    fetchMock.mockResolvedValue(imageResponse());
    const { user, editor, uploadImage, everyHtml, lastHtml } = setup();
    await user.click(editor);
    await user.paste(clipboard(`<p>См. схему <img src="${OUTSIDE}" alt="Схема"></p>`));
    // While it is copied the editor shows a placeholder, not the other site's image.
    expect(editor.querySelector(`img[src="${OUTSIDE}"]`)).toBeNull();

    await waitFor(() => expect(lastHtml()).toContain(`<img src="${UPLOADED}" alt="Схема">`));
    expect(fetchMock).toHaveBeenCalledWith(OUTSIDE, { mode: 'cors', credentials: 'omit', referrerPolicy: 'no-referrer' });
    const [file] = uploadImage.mock.calls[0];
    expect([file.name, file.type]).toEqual(['pixel.png', 'image/png']);
    expect(everyHtml()).not.toContain('tracker.example');
    expect(editor.querySelector('img')).toHaveAttribute('src', UPLOADED);
  });

  it('leaves the image out and says so when the other site does not let it be copied (CORS)', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    const { user, editor, uploadImage, onUploadError, everyHtml } = setup();
    await user.click(editor);
    await user.paste(clipboard(`<p>Текст <img src="${OUTSIDE}" alt="Схема"> дальше</p>`));
    await waitFor(() => expect(onUploadError).toHaveBeenCalledWith('Не удалось скопировать изображение с другого сайта, поэтому оно не вставлено'));
    await waitFor(() => expect(screen.queryByRole('status')).not.toBeInTheDocument());
    expect(uploadImage).not.toHaveBeenCalled();
    expect(editor.querySelector('img')).toBeNull();
    expect(editor).toHaveTextContent(/^Текст\s*дальше$/);
    expect(everyHtml()).not.toContain('tracker.example');
  });

  it('uploads a pasted inline image without any request elsewhere; keeps this site’s images as they are', async () => {
    const { user, editor, uploadImage, lastHtml } = setup();
    await user.click(editor);
    await user.paste(clipboard(`<p><img src="${PNG_DATA}" alt="Скрин"><img src="${window.location.origin}/api/uploads/fedcba9876543210fedcba9876543210.png" alt="Своя"></p>`));
    await waitFor(() => expect(lastHtml()).toContain(`<img src="${UPLOADED}" alt="Скрин">`));
    expect(lastHtml()).toContain('<img src="/api/uploads/fedcba9876543210fedcba9876543210.png" alt="Своя">');
    expect(fetchMock).not.toHaveBeenCalled();
    expect(uploadImage).toHaveBeenCalledTimes(1);
    expect(uploadImage.mock.calls[0][0].type).toBe('image/png');
  });

  it('leaves an image the server refuses out of the note', async () => {
    fetchMock.mockResolvedValue(imageResponse());
    const { user, editor, uploadImage, onUploadError, everyHtml } = setup();
    uploadImage.mockRejectedValue(new Error('403'));
    await user.click(editor);
    await user.paste(clipboard(`<p>A<img src="${OUTSIDE}" alt="x"></p>`));
    await waitFor(() => expect(onUploadError).toHaveBeenCalledWith('Image upload failed'));
    await waitFor(() => expect(editor.querySelector('[role="status"]')).toBeNull());
    expect(editor.querySelector('img')).toBeNull();
    expect(everyHtml()).not.toContain('tracker.example');
  });
});
