import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiError, flushDeferredDeletes, usePendingDeletes } from '@crm/shared/api-client';
import { ToastProvider } from '../components/toast-provider';
import { UNDO_DELETE_MS } from '../tokens/constants';
import { useUndoableDelete } from './use-undoable-delete';

function Row({ send, onSettled }: { send: (options: { keepalive: boolean }) => Promise<unknown>; onSettled?: () => void }) {
  const remove = useUndoableDelete();
  const pending = usePendingDeletes();
  return (
    <>
      {pending.has('lead:7') ? null : <p>Иванов Артём</p>}
      <button type="button" onClick={() => remove({ key: 'lead:7', name: 'Иванов Артём', message: 'Лид Иванов Артём удалён', send, onSettled })}>
        delete
      </button>
    </>
  );
}

function setup(send: jest.Mock, onSettled?: jest.Mock) {
  const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
  render(
    <ToastProvider>
      <Row send={send} onSettled={onSettled} />
    </ToastProvider>,
  );
  return user;
}

describe('useUndoableDelete', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => {
    flushDeferredDeletes();
    jest.useRealTimers();
  });

  it('hides the item at once and sends the delete only after 10 seconds', async () => {
    expect(UNDO_DELETE_MS).toBe(10_000);
    const send = jest.fn().mockResolvedValue({ message: 'ok' });
    const onSettled = jest.fn();
    const user = setup(send, onSettled);
    await user.click(screen.getByRole('button', { name: 'delete' }));
    expect(screen.queryByText('Иванов Артём')).not.toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Лид Иванов Артём удалён');
    expect(screen.getByRole('button', { name: 'Отменить' })).toBeInTheDocument();
    act(() => jest.advanceTimersByTime(UNDO_DELETE_MS - 1));
    expect(send).not.toHaveBeenCalled();
    await act(async () => jest.advanceTimersByTime(1));
    expect(send).toHaveBeenCalledWith({ keepalive: false });
    expect(onSettled).toHaveBeenCalledWith('deleted');
    expect(screen.queryByRole('button', { name: 'Отменить' })).not.toBeInTheDocument();
  });

  it('Отменить in the toast takes the delete back: nothing is sent and the item is back', async () => {
    const send = jest.fn().mockResolvedValue({ message: 'ok' });
    const user = setup(send);
    await user.click(screen.getByRole('button', { name: 'delete' }));
    act(() => jest.advanceTimersByTime(UNDO_DELETE_MS - 1000));
    await user.click(screen.getByRole('button', { name: 'Отменить' }));
    expect(screen.getByText('Иванов Артём')).toBeInTheDocument();
    act(() => jest.advanceTimersByTime(UNDO_DELETE_MS * 2));
    expect(send).not.toHaveBeenCalled();
  });

  it('a refused delete brings the item back and says so in an error toast', async () => {
    const send = jest.fn().mockRejectedValue(new ApiError(403, 'Нет прав'));
    const user = setup(send);
    await user.click(screen.getByRole('button', { name: 'delete' }));
    await act(async () => jest.advanceTimersByTime(UNDO_DELETE_MS));
    expect(screen.getByText('Иванов Артём')).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Не удалось удалить «Иванов Артём»: Недостаточно прав для этого действия.');
  });

  it('leaving the page sends the waiting delete at once, with keepalive', async () => {
    const send = jest.fn().mockResolvedValue({ message: 'ok' });
    const user = setup(send);
    await user.click(screen.getByRole('button', { name: 'delete' }));
    act(() => {
      window.dispatchEvent(new Event('pagehide'));
    });
    expect(send).toHaveBeenCalledWith({ keepalive: true });
    act(() => jest.advanceTimersByTime(UNDO_DELETE_MS));
    expect(send).toHaveBeenCalledTimes(1);
  });
});
