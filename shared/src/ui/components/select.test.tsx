import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { Select, type SelectProps } from './select';

const options = [
  { value: 1, label: 'New' },
  { value: 2, label: 'In work' },
  { value: 3, label: 'Closed' },
  { value: 4, label: 'Callback' },
];

type Props = Partial<SelectProps<number>> & { initial?: number | null };

/** A Select holding its own value, as a form does, reporting every change to `onChange`. */
function Single({ initial = null, onChange = jest.fn(), ...rest }: Props) {
  const [value, setValue] = useState<number | null>(initial);
  return (
    <Select<number>
      label="Status"
      options={options}
      {...rest}
      value={value}
      onChange={(next) => {
        setValue(next);
        onChange(next);
      }}
    />
  );
}

describe('Select', () => {
  it('opens on click, shows a menu at most 310 px high above dialogs, and reports the chosen value', async () => {
    const onChange = jest.fn();
    const user = userEvent.setup();
    render(<Single onChange={onChange} placeholder="Pick one" />);
    const field = screen.getByRole('combobox', { name: 'Status' });
    expect(field).toHaveTextContent('Pick one');
    await user.click(field);
    const listbox = screen.getByRole('listbox');
    // 310 px, or less where the window has less room.
    expect(getComputedStyle(listbox).maxHeight).toMatch(/^min\(310px, /);
    // The spec's overlay z-index: Radix copies it onto the positioned wrapper.
    expect(getComputedStyle(listbox).zIndex).toBe('2000');
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual(['New', 'In work', 'Closed', 'Callback']);
    await user.click(screen.getByRole('option', { name: 'In work' }));
    expect(onChange).toHaveBeenLastCalledWith(2);
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
    expect(field).toHaveTextContent('In work');
  });

  it('is driven by the keyboard: arrows open and move, Enter chooses, Escape closes without choosing', async () => {
    const onChange = jest.fn();
    const user = userEvent.setup();
    render(<Single onChange={onChange} initial={1} />);
    await user.tab();
    const field = screen.getByRole('combobox', { name: 'Status' });
    expect(field).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    expect(screen.getByRole('listbox')).toBeInTheDocument();
    // The menu opens on the current value.
    expect(screen.getByRole('option', { name: 'New' })).toHaveFocus();
    await user.keyboard('{ArrowDown}{ArrowDown}{Enter}');
    expect(onChange).toHaveBeenLastCalledWith(3);
    expect(field).toHaveTextContent('Closed');
    expect(field).toHaveFocus();
    await user.keyboard('{Enter}{ArrowDown}{Escape}');
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
    expect(onChange).toHaveBeenCalledTimes(1);
    expect(field).toHaveTextContent('Closed');
  });

  it('shows only the first error and marks the field invalid', () => {
    render(<Single error={['Pick a status', 'Second message']} />);
    expect(screen.getByRole('alert')).toHaveTextContent('Pick a status');
    expect(screen.queryByText('Second message')).not.toBeInTheDocument();
    const field = screen.getByRole('combobox', { name: 'Status' });
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(field).toHaveAccessibleDescription('Pick a status');
  });

  it('clears to "all" from a menu entry named by the placeholder, from the ×, and with Backspace', async () => {
    const onChange = jest.fn();
    const user = userEvent.setup();
    render(<Single onChange={onChange} initial={2} isClearable placeholder="All statuses" />);
    const field = screen.getByRole('combobox', { name: 'Status' });

    await user.click(field);
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual([
      'All statuses',
      'New',
      'In work',
      'Closed',
      'Callback',
    ]);
    await user.click(screen.getByRole('option', { name: 'All statuses' }));
    expect(onChange).toHaveBeenLastCalledWith(null);
    expect(field).toHaveTextContent('All statuses');
    expect(field).toHaveAttribute('data-placeholder');
    // Nothing to clear: no ×.
    expect(screen.queryByRole('button', { name: 'Очистить: Status' })).not.toBeInTheDocument();

    await user.click(field);
    await user.click(screen.getByRole('option', { name: 'Closed' }));
    await user.click(screen.getByRole('button', { name: 'Очистить: Status' }));
    expect(onChange).toHaveBeenLastCalledWith(null);
    expect(field).toHaveFocus();

    await user.keyboard('{ArrowDown}');
    await user.click(screen.getByRole('option', { name: 'Callback' }));
    expect(field).toHaveTextContent('Callback');
    await user.keyboard('{Backspace}');
    expect(onChange).toHaveBeenLastCalledWith(null);
    expect(field).toHaveTextContent('All statuses');
  });

  it('offers no clearing entry unless clearable, and Backspace then changes nothing', async () => {
    const onChange = jest.fn();
    const user = userEvent.setup();
    render(<Single onChange={onChange} initial={2} placeholder="Pick one" />);
    await user.click(screen.getByRole('combobox', { name: 'Status' }));
    expect(screen.queryByRole('option', { name: 'Pick one' })).not.toBeInTheDocument();
    await user.keyboard('{Escape}{Backspace}');
    expect(onChange).not.toHaveBeenCalled();
  });

  it("holds an option whose value is '' (which Radix reserves for no value)", async () => {
    const onChange = jest.fn();
    const user = userEvent.setup();
    function Mapping() {
      const [value, setValue] = useState<string>('');
      return (
        <Select<string>
          label="Phone column"
          options={[
            { value: '', label: 'Skip' },
            { value: 'Тел.', label: 'Тел.' },
          ]}
          value={value}
          onChange={(next) => {
            setValue(next ?? '');
            onChange(next);
          }}
        />
      );
    }
    render(<Mapping />);
    const field = screen.getByRole('combobox', { name: 'Phone column' });
    expect(field).toHaveTextContent('Skip');
    await user.click(field);
    await user.click(screen.getByRole('option', { name: 'Тел.' }));
    expect(onChange).toHaveBeenLastCalledWith('Тел.');
    await user.click(field);
    await user.click(screen.getByRole('option', { name: 'Skip' }));
    expect(onChange).toHaveBeenLastCalledWith('');
    expect(field).toHaveTextContent('Skip');
  });

  it('skips disabled options and does not open when disabled', async () => {
    const onChange = jest.fn();
    const user = userEvent.setup();
    const { rerender } = render(
      <Select<number>
        label="Status"
        options={[{ value: 1, label: 'New', isDisabled: true }, ...options.slice(1)]}
        value={null}
        onChange={onChange}
      />,
    );
    await user.click(screen.getByRole('combobox', { name: 'Status' }));
    expect(screen.getByRole('option', { name: 'New' })).toHaveAttribute('aria-disabled', 'true');
    await user.click(screen.getByRole('option', { name: 'New' }));
    expect(onChange).not.toHaveBeenCalled();
    await user.keyboard('{Escape}');

    rerender(<Select<number> label="Status" options={options} value={null} onChange={onChange} isDisabled />);
    const field = screen.getByRole('combobox', { name: 'Status' });
    expect(field).toBeDisabled();
    await user.click(field);
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
  });

  it('focuses the field from its label without opening the menu', async () => {
    const user = userEvent.setup();
    render(<Single />);
    await user.click(screen.getByText('Status'));
    expect(screen.getByRole('combobox', { name: 'Status' })).toHaveFocus();
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
  });

  it('tells that options are loading', async () => {
    const user = userEvent.setup();
    render(<Select<number> label="Status" options={[]} value={null} onChange={jest.fn()} isLoading />);
    const field = screen.getByRole('combobox', { name: 'Status' });
    expect(field).toHaveAttribute('aria-busy', 'true');
    await user.click(field);
    expect(screen.getByRole('listbox')).toHaveTextContent('Загрузка…');
  });

  describe('type-ahead (the typed letters are forgotten after 1 s)', () => {
    beforeEach(() => jest.useFakeTimers());
    afterEach(() => jest.useRealTimers());

    it('on the closed field, picks the option starting with the letters typed so far', async () => {
      const onChange = jest.fn();
      const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
      render(<Single onChange={onChange} />);
      await user.tab();
      await user.keyboard('c');
      expect(onChange).toHaveBeenLastCalledWith(3);
      // 999 ms later the letters still add up: "ca" is Callback.
      act(() => jest.advanceTimersByTime(999));
      await user.keyboard('a');
      expect(onChange).toHaveBeenLastCalledWith(4);
      // After a full second they are forgotten: "n" alone is New (with "can" nothing would match).
      act(() => jest.advanceTimersByTime(1000));
      await user.keyboard('n');
      expect(onChange).toHaveBeenLastCalledWith(1);
      expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
    });

    it('in the open menu, moves to the matching option without choosing it', async () => {
      const onChange = jest.fn();
      const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
      render(<Single onChange={onChange} />);
      await user.tab();
      await user.keyboard('{ArrowDown}');
      // Radix moves the focus into the menu on its next tick.
      await waitFor(() => expect(screen.getByRole('option', { name: 'New' })).toHaveFocus());
      await user.keyboard('cl');
      expect(screen.getByRole('option', { name: 'Closed' })).toHaveFocus();
      expect(onChange).not.toHaveBeenCalled();
      act(() => jest.advanceTimersByTime(1000));
      await user.keyboard('i');
      expect(screen.getByRole('option', { name: 'In work' })).toHaveFocus();
      await user.keyboard('{Enter}');
      expect(onChange).toHaveBeenLastCalledWith(2);
    });
  });
});
