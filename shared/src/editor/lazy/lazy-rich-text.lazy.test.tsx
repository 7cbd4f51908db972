import userEvent from '@testing-library/user-event';
import type * as ReactModule from 'react';
import type * as Testing from '@testing-library/react';
import type * as LazyModule from './index';

// The editor's chunk is fetched when the first lazy editor or view renders; each test takes fresh copies of React, the
// testing library and the kit, so the part starts unloaded (as in ui/components/lazy-part.lazy.test.tsx).
// Lexical's first import and render take seconds on a busy machine.
jest.setTimeout(30_000);

// jsdom has neither; Lexical's paste handling asks whether the event is one of them.
for (const name of ['DragEvent', 'ClipboardEvent']) {
  if (!(name in window)) Object.assign(window, { [name]: class extends Event {} });
}

let lazy: typeof LazyModule;
let testing: typeof Testing;
let React: typeof ReactModule;

async function freshKit() {
  React = await import('react');
  testing = await import('@testing-library/react');
  lazy = await import('./index');
}

/** Renders inside an awaited act, as React asks of a component that suspends: it returns once the chunk is here. */
async function renderLoaded(ui: ReactModule.ReactElement) {
  await testing.act(async () => {
    testing.render(ui);
  });
}

beforeEach(async () => {
  process.env.RTL_SKIP_AUTO_CLEANUP = 'true';
  jest.resetModules();
  await freshKit();
});

afterEach(() => {
  testing.cleanup();
  jest.dontMock('@crm/shared/editor');
});

/** An editor chunk that cannot be fetched: a part that asks for it throws to the boundary. */
async function withUnreachableEditor() {
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
  jest.resetModules();
  jest.doMock('@crm/shared/editor', () => {
    throw new Error('Loading chunk failed');
  });
  await freshKit();
}

function errorBoundary() {
  return class ErrorBoundary extends React.Component<{ children: ReactModule.ReactNode }, { error: Error | null }> {
    override state = { error: null as Error | null };
    static getDerivedStateFromError(error: Error) {
      return { error };
    }
    override render() {
      return this.state.error ? <p role="alert">{this.state.error.name}</p> : this.props.children;
    }
  };
}

describe('RichTextView', () => {
  it('draws the HTML at once, without the editor’s chunk', async () => {
    await withUnreachableEditor();
    const ErrorBoundary = errorBoundary();
    await renderLoaded(
      <ErrorBoundary>
        <lazy.RichTextView html="<p>Позвонить <b>Ивану</b></p>" />
        <lazy.LazyRichTextView html="<p>Старый <i>вызов</i></p>" />
      </ErrorBoundary>,
    );
    expect(testing.screen.getByText('Ивану').tagName).toBe('B');
    expect(testing.screen.getByText('вызов').tagName).toBe('I');
    expect(testing.screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(testing.screen.queryByRole('progressbar')).not.toBeInTheDocument();
  });
});

describe('LazyRichTextEditor', () => {
  it('keeps the editor’s height while it is fetched', () => {
    testing.render(<lazy.LazyRichTextEditor label="Текст" value="" onChange={() => undefined} height={200} />);
    const fallback = testing.screen.getByRole('progressbar', { name: 'Загрузка редактора' });
    expect(fallback.parentElement).toHaveStyle({ minHeight: '200px' });
  });

  it('renders the editor once it has arrived', async () => {
    await renderLoaded(<lazy.LazyRichTextEditor label="Текст" value="" onChange={() => undefined} height={200} />);
    expect(testing.screen.getByRole('textbox', { name: 'Текст' })).toBeInTheDocument();
  });
});

describe('DeferredRichTextEditor', () => {
  /** The field as a form holds it: its value in state, each change reported. */
  function Field({ initial = '', onChange = () => undefined }: { initial?: string; onChange?: (html: string) => void }) {
    const [value, setValue] = React.useState(initial);
    return (
      <lazy.DeferredRichTextEditor
        label="Комментарий"
        value={value}
        onChange={(html) => {
          setValue(html);
          onChange(html);
        }}
        height={200}
      />
    );
  }

  it('draws a textbox of the editor’s size with the value, and fetches nothing until it is used', async () => {
    await withUnreachableEditor();
    const ErrorBoundary = errorBoundary();
    await renderLoaded(
      <ErrorBoundary>
        <Field initial="<p>Перезвонить <b>завтра</b></p>" />
      </ErrorBoundary>,
    );
    const box = testing.screen.getByRole('textbox', { name: 'Комментарий' });
    expect(box).toHaveAttribute('contenteditable', 'true');
    expect(testing.screen.getByText('завтра').tagName).toBe('B');
    // The editing area's height, under a row where the toolbar comes.
    expect(box.parentElement?.parentElement).toHaveStyle({ height: '200px' });
    expect(testing.screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(testing.screen.queryByRole('progressbar')).not.toBeInTheDocument();
  });

  it('reports what is typed before the editor has arrived', async () => {
    await withUnreachableEditor();
    const onChange = jest.fn();
    const ErrorBoundary = errorBoundary();
    await renderLoaded(
      <ErrorBoundary>
        <Field onChange={onChange} />
      </ErrorBoundary>,
    );
    const box = testing.screen.getByRole('textbox', { name: 'Комментарий' });
    box.innerHTML = 'Клиент просит перезвонить';
    testing.fireEvent.input(box);
    expect(onChange).toHaveBeenLastCalledWith('Клиент просит перезвонить');
    box.innerHTML = '<br>';
    testing.fireEvent.input(box);
    expect(onChange).toHaveBeenLastCalledWith('');
  });

  it('fetches the editor on focus; it takes over with what was typed and keeps the focus', async () => {
    const onChange = jest.fn();
    testing.render(<Field onChange={onChange} />);
    const box = testing.screen.getByRole('textbox', { name: 'Комментарий' });
    box.innerHTML = 'Клиент просит перезвонить';
    testing.fireEvent.input(box);
    await testing.act(async () => {
      box.focus();
      await lazy.loadEditor();
    });
    const editor = testing.screen.getByRole('textbox', { name: 'Комментарий' });
    expect(editor).not.toBe(box);
    expect(editor).toHaveAttribute('data-lexical-editor', 'true');
    expect(editor).toHaveTextContent('Клиент просит перезвонить');
    expect(editor).toHaveFocus();
    expect(testing.screen.getByRole('toolbar')).toBeInTheDocument();
  });

  it('puts the caret back where it was in the stand-in, so typing goes on there', async () => {
    const onChange = jest.fn();
    testing.render(<Field initial="<p>Перезвонить завтра</p>" onChange={onChange} />);
    const box = testing.screen.getByRole('textbox', { name: 'Комментарий' });
    box.focus();
    box.ownerDocument.getSelection()!.collapse(box.querySelector('p')!.firstChild, 'Перезвонить'.length);
    await testing.act(async () => {
      await lazy.loadEditor();
    });
    await userEvent.setup().keyboard(' утром');
    await testing.waitFor(() => expect(onChange.mock.calls.at(-1)?.[0]).toContain('Перезвонить утром завтра'));
  });

  it('is reached by Tab, and the editor it turns into keeps the focus and takes the keys', async () => {
    const onChange = jest.fn();
    testing.render(<Field onChange={onChange} />);
    const user = userEvent.setup();
    await testing.act(async () => {
      await user.tab();
      await lazy.loadEditor();
    });
    const editor = testing.screen.getByRole('textbox', { name: 'Комментарий' });
    expect(editor).toHaveAttribute('data-lexical-editor', 'true');
    expect(editor).toHaveFocus();
    await user.keyboard('Перезвонить');
    await testing.waitFor(() => expect(onChange.mock.calls.at(-1)?.[0]).toContain('Перезвонить'));
  });

  it('leaves the focus where a keyboard user took it when the editor arrives after they moved on', async () => {
    testing.render(
      <>
        <Field />
        <input aria-label="Дальше" />
      </>,
    );
    const box = testing.screen.getByRole('textbox', { name: 'Комментарий' });
    const next = testing.screen.getByRole('textbox', { name: 'Дальше' });
    await testing.act(async () => {
      box.focus();
      next.focus();
      await lazy.loadEditor();
    });
    expect(testing.screen.getByRole('textbox', { name: 'Комментарий' })).toHaveAttribute('data-lexical-editor', 'true');
    expect(next).toHaveFocus();
  });

  it('keeps a paste with another site’s image for the editor, which copies the image here', async () => {
    const OUTSIDE = 'https://tracker.example/pixel.png';
    const UPLOADED = '/api/uploads/0123456789abcdef0123456789abcdef.png';
    const realFetch = global.fetch;
    global.fetch = jest.fn().mockResolvedValue({ ok: true, blob: async () => new Blob([new Uint8Array([137, 80, 78, 71])], { type: 'image/png' }) });
    try {
      const onChange = jest.fn();
      const uploadImage = jest.fn().mockResolvedValue(UPLOADED);
      function ImageField() {
        const [value, setValue] = React.useState('');
        const change = (html: string) => {
          setValue(html);
          onChange(html);
        };
        return <lazy.DeferredRichTextEditor label="Комментарий" value={value} onChange={change} uploadImage={uploadImage} />;
      }
      testing.render(<ImageField />);
      const box = testing.screen.getByRole('textbox', { name: 'Комментарий' });
      const html = `<p>См. схему <img src="${OUTSIDE}" alt="Схема"></p>`;
      const data: Record<string, string> = { 'text/html': html, 'text/plain': 'См. схему' };
      const user = userEvent.setup();
      await testing.act(async () => {
        box.focus();
        await user.paste({ types: Object.keys(data), files: [], items: [], getData: (type: string) => data[type] ?? '' } as unknown as DataTransfer);
      });
      // The stand-in never shows (and so never fetches) the other site's image.
      expect(document.querySelector(`img[src="${OUTSIDE}"]`)).toBeNull();
      await testing.act(async () => {
        await lazy.loadEditor();
      });
      const editor = testing.screen.getByRole('textbox', { name: 'Комментарий' });
      await testing.waitFor(() => expect(editor.querySelector('img')).toHaveAttribute('src', UPLOADED));
      expect(editor).toHaveTextContent('См. схему');
      expect(onChange.mock.calls.at(-1)?.[0]).toContain(`<img src="${UPLOADED}" alt="Схема">`);
      expect(onChange.mock.calls.map(([value]) => value).join('\n')).not.toContain('tracker.example');
    } finally {
      global.fetch = realFetch;
    }
  });

  it('takes a dropped image as the editor does: the field fetches the editor, which uploads the image', async () => {
    const UPLOADED = '/api/uploads/0123456789abcdef0123456789abcdef.png';
    const uploadImage = jest.fn().mockResolvedValue(UPLOADED);
    testing.render(<lazy.DeferredRichTextEditor label="Комментарий" value="" onChange={() => undefined} uploadImage={uploadImage} />);
    const box = testing.screen.getByRole('textbox', { name: 'Комментарий' });
    const file = new File([new Uint8Array([137, 80, 78, 71])], 'схема.png', { type: 'image/png' });
    const dataTransfer = { types: ['Files'], files: [file], items: [], getData: () => '' };
    expect(testing.fireEvent.dragOver(box, { dataTransfer })).toBe(false);
    await testing.act(async () => {
      // Not cancelled by the stand-in, the browser would open the file in place of the page.
      expect(testing.fireEvent.drop(box, { dataTransfer })).toBe(false);
      await lazy.loadEditor();
    });
    const editor = testing.screen.getByRole('textbox', { name: 'Комментарий' });
    expect(editor).toHaveAttribute('data-lexical-editor', 'true');
    await testing.waitFor(() => expect(editor.querySelector('img')).toHaveAttribute('src', UPLOADED));
    expect(uploadImage).toHaveBeenCalledWith(file);
  });

  it('renders the editor at once once it has been fetched', async () => {
    await lazy.loadEditor();
    await renderLoaded(<Field initial="<p>Заметка</p>" />);
    const editor = testing.screen.getByRole('textbox', { name: 'Комментарий' });
    expect(editor).toHaveAttribute('data-lexical-editor', 'true');
    expect(editor).not.toHaveFocus();
  });
});
