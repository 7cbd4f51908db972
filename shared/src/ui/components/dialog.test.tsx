import { useState } from 'react';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Button } from './button';
import { Dialog } from './dialog';
import { Drawer } from './drawer';
import { Select } from './select';
import { ConfirmDialog } from './confirm-dialog';

describe('Dialog and Drawer', () => {
  it('names the dialog by its title and closes from the close button', async () => {
    const onOpenChange = jest.fn();
    render(
      <Dialog open onOpenChange={onOpenChange} title="Передать лид" footer={<Button>Save</Button>}>
        body text
      </Dialog>,
    );
    expect(screen.getByRole('dialog', { name: 'Передать лид' })).toHaveTextContent('body text');
    expect(screen.getByRole('button', { name: 'Save' })).toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Закрыть' }));
    expect(onOpenChange).toHaveBeenCalledWith(false);
  });

  it('opens a drawer named by its title that Escape closes', async () => {
    const onOpenChange = jest.fn();
    render(
      <Drawer open onOpenChange={onOpenChange} title="Add status">
        <label>
          Name <input />
        </label>
      </Drawer>,
    );
    expect(screen.getByRole('dialog', { name: 'Add status' })).toBeInTheDocument();
    await userEvent.setup().keyboard('{Escape}');
    expect(onOpenChange).toHaveBeenCalledWith(false);
  });

  it('focuses a Select that is its first field, and a choice or Escape in its menu leaves the dialog open', async () => {
    const onOpenChange = jest.fn();
    const onChange = jest.fn();
    const user = userEvent.setup();
    render(
      <Dialog open onOpenChange={onOpenChange} title="Replace status">
        <Select<number>
          label="New status"
          options={[
            { value: 1, label: 'New' },
            { value: 2, label: 'Closed' },
          ]}
          value={null}
          onChange={onChange}
        />
      </Dialog>,
    );
    const field = screen.getByRole('combobox', { name: 'New status' });
    expect(field).toHaveFocus();
    await user.click(field);
    await user.click(screen.getByRole('option', { name: 'Closed' }));
    expect(onChange).toHaveBeenCalledWith(2);
    await user.click(field);
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
    expect(onOpenChange).not.toHaveBeenCalled();
    expect(screen.getByRole('dialog', { name: 'Replace status' })).toBeInTheDocument();
  });

  describe('focus goes back to the button that opened it after Escape', () => {
    function Opener({ kind }: { kind: 'dialog' | 'drawer' | 'confirm' }) {
      const [open, setOpen] = useState(false);
      return (
        <>
          <button type="button" onClick={() => setOpen(true)}>
            Открыть
          </button>
          {kind === 'dialog' ? (
            <Dialog open={open} onOpenChange={setOpen} title="Диалог">
              <input aria-label="Поле" />
            </Dialog>
          ) : null}
          {kind === 'drawer' ? (
            <Drawer open={open} onOpenChange={setOpen} title="Панель">
              <input aria-label="Поле" />
            </Drawer>
          ) : null}
          {kind === 'confirm' ? <ConfirmDialog open={open} onConfirm={() => setOpen(false)} onCancel={() => setOpen(false)} /> : null}
        </>
      );
    }

    it.each(['dialog', 'drawer', 'confirm'] as const)('%s', async (kind) => {
      const user = userEvent.setup();
      render(<Opener kind={kind} />);
      const opener = screen.getByRole('button', { name: 'Открыть' });
      await user.click(opener);
      await screen.findByRole(kind === 'confirm' ? 'alertdialog' : 'dialog');
      await user.keyboard('{Escape}');
      await waitFor(() => expect(screen.queryByRole(kind === 'confirm' ? 'alertdialog' : 'dialog')).not.toBeInTheDocument());
      await waitFor(() => expect(opener).toHaveFocus());
    }, 15_000);
  });
});
