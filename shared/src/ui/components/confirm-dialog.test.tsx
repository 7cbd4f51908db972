import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ConfirmDialog } from './confirm-dialog';
import { ConfirmProvider } from './confirm-provider';
import { useConfirm } from './use-confirm';
import { UiLanguageProvider } from '../i18n/ui-i18n';

describe('ConfirmDialog', () => {
  it("asks 'Уверены?' with 'Да' and 'Отмена' by default", async () => {
    const onConfirm = jest.fn();
    const onCancel = jest.fn();
    render(<ConfirmDialog open onConfirm={onConfirm} onCancel={onCancel} />);
    expect(screen.getByRole('alertdialog', { name: 'Уверены?' })).toBeInTheDocument();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Да' }));
    expect(onConfirm).toHaveBeenCalledTimes(1);
    await user.click(screen.getByRole('button', { name: 'Отмена' }));
    expect(onCancel).toHaveBeenCalledTimes(1);
  });

  it('uses the given message and labels, and cancels on Escape', async () => {
    const onCancel = jest.fn();
    render(
      <ConfirmDialog open message="Delete the status?" confirmLabel="Delete" cancelLabel="Keep" onConfirm={jest.fn()} onCancel={onCancel} />,
    );
    expect(screen.getByRole('alertdialog', { name: 'Delete the status?' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Keep' })).toBeInTheDocument();
    await userEvent.setup().keyboard('{Escape}');
    expect(onCancel).toHaveBeenCalledTimes(1);
  });

  it('renders nothing while closed', () => {
    render(<ConfirmDialog open={false} onConfirm={jest.fn()} onCancel={jest.fn()} />);
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  });
});

function Asker({ onAnswer, message }: { onAnswer: (answer: boolean) => void; message?: string }) {
  const confirm = useConfirm();
  return (
    <button type="button" onClick={async () => onAnswer(await confirm(message))}>
      Delete
    </button>
  );
}

describe('useConfirm', () => {
  it('resolves true when confirmed', async () => {
    const onAnswer = jest.fn();
    render(
      <ConfirmProvider>
        <Asker onAnswer={onAnswer} />
      </ConfirmProvider>,
    );
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    expect(screen.getByRole('alertdialog', { name: 'Уверены?' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Да' }));
    await waitFor(() => expect(onAnswer).toHaveBeenCalledWith(true));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
  });

  it('resolves false when cancelled, with a custom message', async () => {
    const onAnswer = jest.fn();
    render(
      <ConfirmProvider>
        <Asker onAnswer={onAnswer} message="Remove the category?" />
      </ConfirmProvider>,
    );
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    expect(screen.getByRole('alertdialog', { name: 'Remove the category?' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Отмена' }));
    await waitFor(() => expect(onAnswer).toHaveBeenCalledWith(false));
  });

  it('throws a clear error without a provider', () => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(() => render(<Asker onAnswer={jest.fn()} />)).toThrow('ConfirmProvider');
    jest.restoreAllMocks();
  });

  it('asks in the language of the screen that asks, not the one around the provider', async () => {
    function Ask() {
      const confirm = useConfirm();
      return (
        <button type="button" onClick={() => void confirm()}>
          ask
        </button>
      );
    }
    render(
      <UiLanguageProvider lng="en">
        <ConfirmProvider>
          <UiLanguageProvider lng="ru">
            <Ask />
          </UiLanguageProvider>
        </ConfirmProvider>
      </UiLanguageProvider>,
    );
    await userEvent.setup().click(screen.getByRole('button', { name: 'ask' }));
    expect(await screen.findByRole('alertdialog', { name: 'Уверены?' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Да' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Отмена' })).toBeInTheDocument();
  });
});
