import { act, render, screen } from '@testing-library/react';
import { DeferredBlock } from './deferred-block';

describe('DeferredBlock', () => {
  afterEach(() => {
    jest.useRealTimers();
    delete (globalThis as { IntersectionObserver?: unknown }).IntersectionObserver;
  });

  it('holds its place at first, then draws the blocks one per idle moment, in page order', async () => {
    jest.useFakeTimers();
    const { container } = render(
      <>
        <DeferredBlock minHeight={300}>
          <h2>Задачи</h2>
        </DeferredBlock>
        <DeferredBlock minHeight={200}>
          <h2>Комментарии</h2>
        </DeferredBlock>
      </>,
    );
    expect(screen.queryByRole('heading')).not.toBeInTheDocument();
    expect([...container.children].map((place) => (place as HTMLElement).style.minHeight)).toEqual(['300px', '200px']);
    await act(async () => {
      jest.advanceTimersToNextTimer();
    });
    expect(screen.getAllByRole('heading').map((heading) => heading.textContent)).toEqual(['Задачи']);
    await act(async () => {
      jest.advanceTimersToNextTimer();
    });
    expect(screen.getAllByRole('heading').map((heading) => heading.textContent)).toEqual(['Задачи', 'Комментарии']);
  });

  it('draws at once when told to', () => {
    render(
      <DeferredBlock minHeight={300} now>
        <h2>Комментарии</h2>
      </DeferredBlock>,
    );
    expect(screen.getByRole('heading', { name: 'Комментарии' })).toBeInTheDocument();
  });

  it('draws a block as soon as it comes into view, before its idle turn', async () => {
    jest.useFakeTimers();
    const notices: Array<(entries: Array<{ isIntersecting: boolean }>) => void> = [];
    (globalThis as { IntersectionObserver?: unknown }).IntersectionObserver = class {
      constructor(notice: (entries: Array<{ isIntersecting: boolean }>) => void) {
        notices.push(notice);
      }
      observe() {}
      disconnect() {}
    };
    render(
      <>
        <DeferredBlock minHeight={300}>
          <h2>Задачи</h2>
        </DeferredBlock>
        <DeferredBlock minHeight={200}>
          <h2>История</h2>
        </DeferredBlock>
      </>,
    );
    act(() => notices[1]([{ isIntersecting: true }]));
    expect(screen.getAllByRole('heading').map((heading) => heading.textContent)).toEqual(['История']);
    await act(async () => {
      jest.advanceTimersToNextTimer();
    });
    expect(screen.getAllByRole('heading').map((heading) => heading.textContent)).toEqual(['Задачи', 'История']);
  });
});
