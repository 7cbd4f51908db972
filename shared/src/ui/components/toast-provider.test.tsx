import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { TOAST_DURATION_MS } from '../tokens/constants';
import { ToastProvider } from './toast-provider';
import { useToast } from './use-toast';

function Trigger() {
  const toast = useToast();
  return (
    <>
      <button type="button" onClick={() => toast.success('Status added')}>
        success
      </button>
      <button type="button" onClick={() => toast.error('Could not delete')}>
        error
      </button>
    </>
  );
}

describe('toasts', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('shows a status message that closes after TOAST_DURATION_MS', async () => {
    expect(TOAST_DURATION_MS).toBe(3000);
    const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
    render(
      <ToastProvider>
        <Trigger />
      </ToastProvider>,
    );
    await user.click(screen.getByRole('button', { name: 'success' }));
    expect(screen.getByRole('status')).toHaveTextContent('Status added');
    act(() => jest.advanceTimersByTime(TOAST_DURATION_MS - 1));
    expect(screen.getByRole('status')).toBeInTheDocument();
    act(() => jest.advanceTimersByTime(1));
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it('stacks toasts and closes one on its close button', async () => {
    const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
    render(
      <ToastProvider>
        <Trigger />
      </ToastProvider>,
    );
    await user.click(screen.getByRole('button', { name: 'success' }));
    await user.click(screen.getByRole('button', { name: 'error' }));
    const toasts = screen.getAllByRole('status');
    expect(toasts.map((t) => t.textContent)).toEqual(['Status added', 'Could not delete']);
    await user.click(screen.getAllByRole('button', { name: 'Закрыть уведомление' })[0]);
    expect(screen.getAllByRole('status').map((t) => t.textContent)).toEqual(['Could not delete']);
  });
});
