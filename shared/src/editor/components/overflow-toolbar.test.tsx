import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ThemeFallback } from '@crm/shared/ui';
import { countFittingItems, OverflowToolbar, type ToolbarItem } from './overflow-toolbar';

const items: ToolbarItem[] = ['one', 'two', 'three', 'four', 'five', 'six'].map((key, index) => ({
  key,
  label: `Item ${key}`,
  icon: <span>{index}</span>,
  onSelect: jest.fn(),
  groupStart: index === 3,
}));

// jsdom has no ResizeObserver; this one lets a test decide the toolbar's width.
let resize: ((width: number) => void) | undefined;
class ResizeObserverStub {
  constructor(private readonly callback: ResizeObserverCallback) {}
  observe() {
    resize = (width) =>
      this.callback([{ contentRect: { width } } as ResizeObserverEntry], this as unknown as ResizeObserver);
  }
  unobserve() {}
  disconnect() {
    resize = undefined;
  }
}

describe('countFittingItems', () => {
  it('shows everything before the width is known', () => {
    expect(countFittingItems(items, 0)).toBe(items.length);
  });

  it('shows everything when it all fits', () => {
    expect(countFittingItems(items, 1000)).toBe(items.length);
  });

  it('keeps room for the "more" button when some items must fold', () => {
    // 34px per button, 34px for "more", 8px padding: 150px fits three buttons next to "more".
    expect(countFittingItems(items, 150)).toBe(3);
  });
});

describe('OverflowToolbar', () => {
  const original = globalThis.ResizeObserver;
  afterEach(() => {
    globalThis.ResizeObserver = original;
  });

  it('shows every item and no "more" button without ResizeObserver', () => {
    // @ts-expect-error jsdom: the editor must cope with browsers (and tests) without it
    delete globalThis.ResizeObserver;
    render(<OverflowToolbar label="Форматирование" items={items} />, { wrapper: ThemeFallback });
    const bar = screen.getByRole('toolbar', { name: 'Форматирование' });
    expect(within(bar).getAllByRole('button')).toHaveLength(items.length);
    expect(screen.queryByRole('button', { name: 'Ещё' })).not.toBeInTheDocument();
  });

  it('folds what does not fit into a menu that slides open', async () => {
    globalThis.ResizeObserver = ResizeObserverStub as unknown as typeof ResizeObserver;
    const user = userEvent.setup();
    render(<OverflowToolbar label="Форматирование" items={items} />, { wrapper: ThemeFallback });
    act(() => resize?.(150));

    const bar = screen.getByRole('toolbar', { name: 'Форматирование' });
    expect(within(bar).getByRole('button', { name: 'Item three' })).toBeInTheDocument();
    expect(within(bar).queryByRole('button', { name: 'Item four' })).not.toBeInTheDocument();

    const more = screen.getByRole('button', { name: 'Ещё' });
    expect(more).toHaveAttribute('aria-expanded', 'false');
    await user.click(more);
    expect(more).toHaveAttribute('aria-expanded', 'true');

    const menu = screen.getByRole('toolbar', { name: 'Ещё' });
    await user.click(within(menu).getByRole('button', { name: 'Item five' }));
    expect(items[4].onSelect).toHaveBeenCalledTimes(1);

    // Widening the editor brings the items back and drops the menu.
    act(() => resize?.(1000));
    expect(screen.queryByRole('button', { name: 'Ещё' })).not.toBeInTheDocument();
    expect(within(bar).getAllByRole('button')).toHaveLength(items.length);
  });
});
