import { act } from '@testing-library/react';
import { afterFirstScreen } from './after-first-screen';

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
});
