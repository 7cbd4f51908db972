import type * as ReactModule from 'react';
import type * as Testing from '@testing-library/react';
import type * as LazyModule from './index';

// The editor's chunk is fetched when the first lazy editor or view renders; each test takes fresh copies of React, the
// testing library and the kit, so the part starts unloaded (as in ui/components/lazy-part.lazy.test.tsx).
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

describe('LazyRichTextView', () => {
  it('shows the kit’s editor fallback while the editor is fetched', () => {
    testing.render(<lazy.LazyRichTextView html="<p>Заметка</p>" />);
    expect(testing.screen.getByRole('progressbar', { name: 'Загрузка редактора' })).toBeInTheDocument();
  });

  it('shows the fallback a page gives it', () => {
    testing.render(<lazy.LazyRichTextView html="<p>Заметка</p>" fallback={<lazy.EditorFallback label="Загрузка заметок" />} />);
    expect(testing.screen.getByRole('progressbar', { name: 'Загрузка заметок' })).toBeInTheDocument();
  });

  it('draws the HTML once the editor has arrived', async () => {
    await renderLoaded(<lazy.LazyRichTextView html="<p>Позвонить <b>Ивану</b></p>" />);
    expect(testing.screen.getByText('Ивану').tagName).toBe('B');
    expect(testing.screen.queryByRole('progressbar')).not.toBeInTheDocument();
  });

  it('sends a chunk that cannot be fetched to the page’s error boundary', async () => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    jest.resetModules();
    jest.doMock('@crm/shared/editor', () => {
      throw new Error('Loading chunk failed');
    });
    await freshKit();
    class Boundary extends React.Component<{ children: ReactModule.ReactNode }, { error: Error | null }> {
      override state = { error: null as Error | null };
      static getDerivedStateFromError(error: Error) {
        return { error };
      }
      override render() {
        return this.state.error ? <p role="alert">{this.state.error.name}</p> : this.props.children;
      }
    }
    await renderLoaded(
      <Boundary>
        <lazy.LazyRichTextView html="<p>Заметка</p>" />
      </Boundary>,
    );
    expect(await testing.screen.findByRole('alert')).toHaveTextContent('LazyPartLoadError');
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
