import type * as ReactModule from 'react';
import type * as Testing from '@testing-library/react';
import type * as DialogModule from './dialog';
import type * as LazyPartModule from './lazy-part';
import type * as SelectModule from './select';

// A kit chunk that cannot be fetched (a deploy removed it, the network dropped): the control that needs it must not
// stay silently dead, but reach the page's error boundary, whose retry fetches it again. Each test takes fresh copies of
// the kit with the chunk's module failing to load (tooling/jest.setup.ts loads the real one for every other file).

interface Kit {
  React: typeof ReactModule;
  testing: typeof Testing;
  Select: typeof SelectModule.Select;
  Dialog: typeof DialogModule.Dialog;
  LazyPartLoadError: typeof LazyPartModule.LazyPartLoadError;
}

let kit: Kit;
let chunkFails: boolean;

beforeEach(async () => {
  process.env.RTL_SKIP_AUTO_CLEANUP = 'true';
  jest.resetModules();
  chunkFails = true;
  const failing = (path: string) =>
    jest.doMock(path, () => {
      if (chunkFails) throw new Error('Loading chunk failed');
      return jest.requireActual(path);
    });
  failing('./overlays');
  failing('./select-menu');
  kit = {
    React: await import('react'),
    testing: await import('@testing-library/react'),
    Select: (await import('./select')).Select,
    Dialog: (await import('./dialog')).Dialog,
    LazyPartLoadError: (await import('./lazy-part')).LazyPartLoadError,
  };
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
});

afterEach(() => {
  kit.testing.cleanup();
  jest.restoreAllMocks();
});

/** The page's error boundary, as the host puts around every page: the error, and a retry. */
function withBoundary(children: ReactModule.ReactNode, caught: unknown[]) {
  const { React } = kit;
  class Boundary extends React.Component<{ children: ReactModule.ReactNode }, { error: Error | null; attempt: number }> {
    override state = { error: null as Error | null, attempt: 0 };
    static getDerivedStateFromError(error: Error) {
      return { error };
    }
    override componentDidCatch(error: Error) {
      caught.push(error);
    }
    retry = () => {
      // As the host's ModuleErrorBoundary does: a kit part that failed is fetched again on the next render.
      if (this.state.error instanceof kit.LazyPartLoadError) this.state.error.retry();
      this.setState(({ attempt }) => ({ error: null, attempt: attempt + 1 }));
    };
    override render() {
      if (this.state.error) {
        return (
          <button type="button" onClick={this.retry}>
            {`failed: ${this.state.error.name}`}
          </button>
        );
      }
      return <React.Fragment key={this.state.attempt}>{this.props.children}</React.Fragment>;
    }
  }
  return <Boundary>{children}</Boundary>;
}

it('a dialog whose chunk fails reaches the error boundary instead of never opening, and the retry opens it', async () => {
  const { testing, Dialog, LazyPartLoadError } = kit;
  const caught: unknown[] = [];
  // The dialog suspends while its part is fetched: render inside an awaited act, as React asks.
  await testing.act(async () => {
    testing.render(
      withBoundary(
        <Dialog open title="Уверены?" onOpenChange={() => undefined}>
          <p>Текст диалога</p>
        </Dialog>,
        caught,
      ),
    );
  });
  const retry = await testing.screen.findByRole('button', { name: 'failed: LazyPartLoadError' });
  expect(caught[0]).toBeInstanceOf(LazyPartLoadError);
  expect(caught[0]).toMatchObject({ source: '@crm/shared', moduleId: 'ui/overlays' });

  chunkFails = false;
  await testing.act(async () => testing.fireEvent.click(retry));
  expect(await testing.screen.findByRole('dialog', { name: 'Уверены?' })).toHaveTextContent('Текст диалога');
});

it('a select whose menu chunk fails reaches the error boundary after the press that asked for it, and the retry opens it', async () => {
  const { testing, Select, LazyPartLoadError } = kit;
  const caught: unknown[] = [];
  testing.render(withBoundary(<Select<number> label="Статус" options={[{ value: 1, label: 'Новый' }]} value={1} onChange={() => undefined} />, caught));
  const field = testing.screen.getByRole('combobox', { name: 'Статус' });
  testing.fireEvent.keyDown(field, { key: 'ArrowDown' });
  expect(await testing.screen.findByRole('button', { name: 'failed: LazyPartLoadError' })).toBeInTheDocument();
  expect(caught[0]).toBeInstanceOf(LazyPartLoadError);
  expect(caught[0]).toMatchObject({ moduleId: 'ui/select-menu' });

  chunkFails = false;
  testing.fireEvent.click(testing.screen.getByRole('button', { name: 'failed: LazyPartLoadError' }));
  const again = testing.screen.getByRole('combobox', { name: 'Статус' });
  testing.fireEvent.keyDown(again, { key: 'ArrowDown' });
  expect(await testing.screen.findByRole('listbox')).toBeInTheDocument();
});
