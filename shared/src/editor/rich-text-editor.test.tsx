// Must come first: Lexical checks InputEvent support when it loads.
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { api } from '@crm/shared/api-client';
import { ToastProvider } from '@crm/shared/ui';
import { RichTextEditor, type RichTextEditorProps } from './rich-text-editor';

jest.mock('@crm/shared/api-client', () => ({ api: { post: jest.fn() } }));

const post = api.post as jest.MockedFunction<typeof api.post>;

function setup(props: Partial<RichTextEditorProps> = {}) {
  const user = userEvent.setup();
  const onChange = jest.fn<void, [string]>();
  const view = render(<RichTextEditor label="Общие заметки по Лиду" value="" onChange={onChange} {...props} />);
  const editor = screen.getByRole('textbox', { name: 'Общие заметки по Лиду' });
  const lastHtml = () => onChange.mock.calls.at(-1)?.[0] ?? '';
  return { user, onChange, editor, lastHtml, ...view };
}

describe('RichTextEditor', () => {
  let consoleError: jest.SpyInstance;
  beforeEach(() => {
    post.mockReset();
    consoleError = jest.spyOn(console, 'error').mockImplementation(() => undefined);
  });
  afterEach(() => consoleError.mockRestore());

  it('renders the label and the initial HTML, at the spec height', () => {
    const { editor, onChange } = setup({ value: '<p>Hello <b>world</b></p><ul><li>first</li></ul>' });
    expect(screen.getByText('Общие заметки по Лиду')).toBeInTheDocument();
    expect(editor).toHaveAttribute('contenteditable', 'true');
    expect(editor).toHaveTextContent('Hello world');
    expect(within(editor).getByText('world').tagName).toBe('STRONG');
    expect(within(editor).getByText('first').closest('ul')).not.toBeNull();
    expect(editor.closest('[style*="height"]')).toHaveStyle({ height: '400px' });
    // Loading a value is not a change.
    expect(onChange).not.toHaveBeenCalled();
  });

  it('reports what the user types as HTML', async () => {
    const { user, editor, lastHtml } = setup();
    await user.click(editor);
    await user.keyboard('Hello');
    await waitFor(() => expect(lastHtml()).toMatch(/^<p>.*Hello.*<\/p>$/));
  });

  it('makes the selection bold from the toolbar', async () => {
    const { user, editor, lastHtml } = setup();
    await user.click(editor);
    await user.keyboard('bold me');
    await user.keyboard('{Control>}a{/Control}');
    await user.click(screen.getByRole('button', { name: 'Жирный' }));
    await waitFor(() => expect(lastHtml()).toMatch(/<(strong|b)\b[^>]*>bold me<\/(strong|b)>/));
    expect(screen.getByRole('button', { name: 'Жирный' })).toHaveAttribute('aria-pressed', 'true');
  });

  it('shows only the first error under the field and marks the editor invalid', () => {
    const { editor } = setup({ error: ['Заметка слишком длинная', 'Second message'] });
    expect(screen.getByRole('alert')).toHaveTextContent('Заметка слишком длинная');
    expect(screen.queryByText('Second message')).not.toBeInTheDocument();
    expect(editor).toHaveAttribute('aria-invalid', 'true');
    expect(editor).toHaveAttribute('aria-describedby', screen.getByRole('alert').id);
  });

  it('takes a new value from outside while not focused, without reporting it back', () => {
    const onChange = jest.fn();
    const { rerender } = render(<RichTextEditor label="Notes" value="<p>first</p>" onChange={onChange} />);
    rerender(<RichTextEditor label="Notes" value="<p>second</p>" onChange={onChange} />);
    expect(screen.getByRole('textbox', { name: 'Notes' })).toHaveTextContent('second');
    expect(onChange).not.toHaveBeenCalled();
  });

  it('keeps what the user is typing when the value changes under a focused editor', async () => {
    const user = userEvent.setup();
    const onChange = jest.fn();
    const { rerender } = render(<RichTextEditor label="Notes" value="" onChange={onChange} />);
    const editor = screen.getByRole('textbox', { name: 'Notes' });
    await user.click(editor);
    await user.keyboard('typing');
    rerender(<RichTextEditor label="Notes" value="<p>stale</p>" onChange={onChange} />);
    expect(editor).toHaveTextContent('typing');
    expect(editor).not.toHaveTextContent('stale');
  });

  it('inserts an emoji from the picker', async () => {
    const { user, editor, lastHtml } = setup();
    await user.click(editor);
    await user.keyboard('Hi ');
    await user.click(screen.getByRole('button', { name: 'Вставить эмодзи' }));
    const picker = screen.getByRole('group', { name: 'Вставить эмодзи' });
    await user.click(within(picker).getByRole('button', { name: 'thumbs up' }));
    await waitFor(() => expect(lastHtml()).toContain('Hi 👍'));
    expect(screen.queryByRole('group', { name: 'Вставить эмодзи' })).not.toBeInTheDocument();
  });

  describe('video embeds', () => {
    it('embeds a YouTube URL as an iframe built from the video id', async () => {
      const { user, editor, lastHtml } = setup();
      await user.click(editor);
      await user.click(screen.getByRole('button', { name: 'Вставить видео' }));
      await user.type(screen.getByLabelText('Ссылка на видео (YouTube или Vimeo)'), 'https://youtu.be/dQw4w9WgXcQ?t=10');
      await user.click(screen.getByRole('button', { name: 'Вставить' }));

      await waitFor(() => expect(lastHtml()).toContain('<iframe'));
      const frame = new DOMParser().parseFromString(lastHtml(), 'text/html').querySelector('iframe');
      expect(frame?.getAttribute('src')).toBe('https://www.youtube.com/embed/dQw4w9WgXcQ');
      expect(frame?.hasAttribute('allowfullscreen')).toBe(true);
      expect(within(editor).getByTitle('Видео YouTube')).toHaveAttribute('src', 'https://www.youtube.com/embed/dQw4w9WgXcQ');
    });

    it('embeds a Vimeo URL through the Vimeo player', async () => {
      const { user, editor, lastHtml } = setup();
      await user.click(editor);
      await user.click(screen.getByRole('button', { name: 'Вставить видео' }));
      await user.type(screen.getByLabelText('Ссылка на видео (YouTube или Vimeo)'), 'https://vimeo.com/76979871');
      await user.click(screen.getByRole('button', { name: 'Вставить' }));
      await waitFor(() => expect(lastHtml()).toContain('src="https://player.vimeo.com/video/76979871"'));
    });

    it('refuses any other URL', async () => {
      const { user, editor, onChange } = setup();
      await user.click(editor);
      await user.click(screen.getByRole('button', { name: 'Вставить видео' }));
      await user.type(screen.getByLabelText('Ссылка на видео (YouTube или Vimeo)'), 'https://evil.example.com/video.mp4');
      await user.click(screen.getByRole('button', { name: 'Вставить' }));
      expect(screen.getByRole('alert')).toHaveTextContent('Вставить можно только ссылки на видео YouTube и Vimeo');
      expect(onChange).not.toHaveBeenCalled();
      expect(editor.querySelector('iframe')).toBeNull();
    });

    it('drops a foreign iframe from the initial HTML but keeps a YouTube one', () => {
      const { editor } = setup({
        value:
          '<iframe src="https://evil.example.com/x"></iframe><iframe src="https://www.youtube.com/embed/dQw4w9WgXcQ"></iframe>',
      });
      const frames = editor.querySelectorAll('iframe');
      expect(frames).toHaveLength(1);
      expect(frames[0]).toHaveAttribute('src', 'https://www.youtube.com/embed/dQw4w9WgXcQ');
    });
  });

  describe('images', () => {
    const file = new File(['png'], 'photo.png', { type: 'image/png' });

    async function uploadThroughToolbar(user: ReturnType<typeof userEvent.setup>, editor: HTMLElement, alt = '') {
      await user.click(editor);
      await user.click(screen.getByRole('button', { name: 'Вставить изображение' }));
      await user.upload(screen.getByLabelText('Файл изображения'), file);
      if (alt) await user.type(screen.getByLabelText('Альтернативный текст'), alt);
      await user.click(screen.getByRole('button', { name: 'Загрузить' }));
    }

    it('uploads through POST /api/upload by default and inserts the returned url', async () => {
      post.mockResolvedValue({ url: '/storage/editor/photo.png' });
      const { user, editor, lastHtml } = setup();
      await uploadThroughToolbar(user, editor, 'Office');
      await waitFor(() => expect(lastHtml()).toContain('<img src="/storage/editor/photo.png" alt="Office">'));
      expect(post).toHaveBeenCalledWith('/upload', expect.any(FormData));
      expect((post.mock.calls[0][1] as FormData).get('image')).toBeInstanceOf(File);
    });

    it("tells onUploadError 'Invalid image URL from server' when the answer has no url", async () => {
      post.mockResolvedValue({});
      const onUploadError = jest.fn();
      const { user, editor, onChange } = setup({ onUploadError });
      await uploadThroughToolbar(user, editor);
      await waitFor(() => expect(onUploadError).toHaveBeenCalledWith('Invalid image URL from server'));
      expect(onChange).not.toHaveBeenCalled();
    });

    it("tells onUploadError 'Image upload failed' when a custom uploader fails, and logs it", async () => {
      const failure = new Error('boom');
      const onUploadError = jest.fn();
      const { user, editor } = setup({ onUploadError, uploadImage: () => Promise.reject(failure) });
      await uploadThroughToolbar(user, editor);
      await waitFor(() => expect(onUploadError).toHaveBeenCalledWith('Image upload failed'));
      expect(consoleError).toHaveBeenCalledWith('Image upload failed', failure);
      expect(post).not.toHaveBeenCalled();
    });

    it('shows upload failures in a toast when there is no onUploadError', async () => {
      post.mockRejectedValue(new Error('offline'));
      const user = userEvent.setup();
      render(
        <ToastProvider>
          <RichTextEditor label="Notes" value="" onChange={jest.fn()} />
        </ToastProvider>,
      );
      await uploadThroughToolbar(user, screen.getByRole('textbox', { name: 'Notes' }));
      expect(await screen.findByText('Image upload failed')).toBeInTheDocument();
    });

    it('changes the alternative text and removes an image from its context actions', async () => {
      const { user, editor, lastHtml } = setup({ value: '<p>Look: <img src="/storage/a.png" alt="old"></p>' });
      await user.click(within(editor).getByRole('img', { name: 'old' }));
      const actions = screen.getByRole('toolbar', { name: 'Действия с изображением' });
      await user.click(within(actions).getByRole('button', { name: 'Alt-текст' }));
      const input = within(actions).getByLabelText('Альтернативный текст');
      await user.clear(input);
      await user.type(input, 'Office plan{Enter}');
      await waitFor(() => expect(lastHtml()).toContain('alt="Office plan"'));

      await user.click(within(editor).getByRole('img', { name: 'Office plan' }));
      await user.click(screen.getByRole('button', { name: 'Удалить изображение' }));
      await waitFor(() => expect(lastHtml()).not.toContain('<img'));
    });
  });

  it('inserts a link around the selection and removes it from the link bar', async () => {
    const { user, editor, lastHtml } = setup();
    await user.click(editor);
    await user.keyboard('Docs');
    await user.keyboard('{Control>}a{/Control}');
    await user.click(screen.getByRole('button', { name: 'Вставить ссылку' }));
    await user.type(screen.getByLabelText('Адрес ссылки'), 'example.com/docs');
    await user.click(screen.getByRole('button', { name: 'Применить' }));
    await waitFor(() => expect(lastHtml()).toMatch(/<a href="https:\/\/example\.com\/docs"[^>]*>.*Docs.*<\/a>/));

    const bar = await screen.findByRole('toolbar', { name: 'Действия со ссылкой' });
    await user.click(within(bar).getByRole('button', { name: 'Удалить ссылку' }));
    await waitFor(() => expect(lastHtml()).not.toContain('<a '));
    expect(lastHtml()).toContain('Docs');
  });

  it('inserts a table and edits it from the table bar', async () => {
    const { user, editor, lastHtml } = setup();
    await user.click(editor);
    await user.click(screen.getByRole('button', { name: 'Вставить таблицу' }));
    const rows = screen.getByLabelText('Строки');
    await user.clear(rows);
    await user.type(rows, '2');
    const columns = screen.getByLabelText('Столбцы');
    await user.clear(columns);
    await user.type(columns, '2');
    await user.click(screen.getByRole('button', { name: 'Создать таблицу' }));

    const rowCount = () => new DOMParser().parseFromString(lastHtml(), 'text/html').querySelectorAll('tr').length;
    await waitFor(() => expect(rowCount()).toBe(2));
    expect(lastHtml()).toContain('<th>');

    const bar = await screen.findByRole('toolbar', { name: 'Действия с таблицей' });
    await user.click(within(bar).getByRole('button', { name: 'Строка ниже' }));
    await waitFor(() => expect(rowCount()).toBe(3));
    await user.click(within(screen.getByRole('toolbar', { name: 'Действия с таблицей' })).getByRole('button', { name: 'Удалить таблицу' }));
    await waitFor(() => expect(lastHtml()).not.toContain('<table'));
  });

  it('inserts a collapsible section exported as <details><summary>', async () => {
    const { user, editor, lastHtml } = setup();
    await user.click(editor);
    await user.click(screen.getByRole('button', { name: 'Сворачиваемый раздел' }));
    await user.keyboard('Terms');
    await waitFor(() => expect(lastHtml()).toMatch(/<details open=""><summary>.*Terms.*<\/summary><div[^>]*><p>/));
  });

  it('turns the current line into a code block and a list', async () => {
    const { user, editor, lastHtml } = setup();
    await user.click(editor);
    await user.keyboard('const a = 1;');
    await user.click(screen.getByRole('button', { name: 'Блок кода' }));
    await waitFor(() => expect(lastHtml()).toMatch(/^<pre[^>]*>.*const a = 1;/));
    await user.click(screen.getByRole('button', { name: 'Блок кода' }));
    await user.click(screen.getByRole('button', { name: 'Нумерованный список' }));
    await waitFor(() => expect(lastHtml()).toMatch(/^<ol><li[^>]*>.*const a = 1;/));
  });

  it('is read-only without a toolbar when readOnly', () => {
    const { editor } = setup({ readOnly: true, value: '<p>fixed</p>' });
    expect(editor).toHaveAttribute('contenteditable', 'false');
    expect(screen.queryByRole('toolbar')).not.toBeInTheDocument();
  });

  it('focuses the editor when its label is clicked', async () => {
    const { user, editor } = setup();
    await user.click(screen.getByText('Общие заметки по Лиду'));
    await act(async () => undefined);
    expect(editor).toHaveFocus();
  });
});
