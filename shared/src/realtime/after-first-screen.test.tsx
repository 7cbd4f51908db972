import { act, render, screen } from '@testing-library/react';
import { afterFirstScreen, useAfterFirstScreen } from './after-first-screen';

function setReadyState(state: DocumentReadyState) {
  Object.defineProperty(document, 'readyState', { configurable: true, get: () => state });
}

describe('after the first screen', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => {
    jest.useRealTimers();
    setReadyState('complete');
  });

  it('waits for the page to load, then runs once the main thread is free', () => {
    setReadyState('loading');
    const task = jest.fn();
    afterFirstScreen(task);
    act(() => jest.runOnlyPendingTimers());
    expect(task).not.toHaveBeenCalled();

    setReadyState('complete');
    window.dispatchEvent(new Event('load'));
    expect(task).not.toHaveBeenCalled();
    act(() => jest.runOnlyPendingTimers());
    expect(task).toHaveBeenCalledTimes(1);
  });

  it('runs nothing once cancelled', () => {
    setReadyState('loading');
    const task = jest.fn();
    const cancel = afterFirstScreen(task);
    cancel();
    setReadyState('complete');
    window.dispatchEvent(new Event('load'));
    act(() => jest.runAllTimers());
    expect(task).not.toHaveBeenCalled();
  });

  it('tells a component when the first screen has passed', () => {
    setReadyState('loading');
    function Count() {
      return <p>{useAfterFirstScreen() ? 'asked' : 'waiting'}</p>;
    }
    render(<Count />);
    expect(screen.getByText('waiting')).toBeTruthy();
    setReadyState('complete');
    act(() => {
      window.dispatchEvent(new Event('load'));
      jest.runOnlyPendingTimers();
    });
    expect(screen.getByText('asked')).toBeTruthy();
  });
});
