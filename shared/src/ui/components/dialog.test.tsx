import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Button } from './button';
import { Dialog } from './dialog';
import { Drawer } from './drawer';

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
    await userEvent.setup().click(screen.getByRole('button', { name: 'Close' }));
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
});
