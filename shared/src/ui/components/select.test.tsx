import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { SELECT_MENU_MAX_HEIGHT } from '../tokens/constants';
import { Select } from './select';

const options = [
  { value: 1, label: 'New' },
  { value: 2, label: 'In work' },
  { value: 3, label: 'Closed' },
  { value: 4, label: 'Callback' },
];

function Single({ onChange = jest.fn(), error }: { onChange?: (v: number | null) => void; error?: string[] }) {
  const [value, setValue] = useState<number | null>(null);
  return (
    <Select<number>
      label="Status"
      options={options}
      value={value}
      error={error}
      onChange={(v) => {
        setValue(v);
        onChange(v);
      }}
    />
  );
}

function Multi() {
  const [value, setValue] = useState<number[]>([1]);
  return <Select<number> label="Statuses" isMulti options={options} value={value} onChange={setValue} />;
}

describe('Select', () => {
  it('opens a menu at most 310 px high and reports the chosen value', async () => {
    const onChange = jest.fn();
    const user = userEvent.setup();
    render(<Single onChange={onChange} />);
    const input = screen.getByLabelText('Status');
    await user.click(input);
    await user.keyboard('{ArrowDown}');
    const listbox = screen.getByRole('listbox');
    expect(SELECT_MENU_MAX_HEIGHT).toBe(310);
    expect(getComputedStyle(listbox).maxHeight).toBe('310px');
    await user.click(screen.getByRole('option', { name: 'In work' }));
    expect(onChange).toHaveBeenLastCalledWith(2);
    expect(screen.getByText('In work')).toBeInTheDocument();
  });

  it('shows only the first error', () => {
    render(<Single error={['Pick a status', 'Second message']} />);
    expect(screen.getByRole('alert')).toHaveTextContent('Pick a status');
    expect(screen.queryByText('Second message')).not.toBeInTheDocument();
    expect(screen.getByLabelText('Status')).toHaveAttribute('aria-invalid', 'true');
  });

  it('renders chips for multiple values and removes one', async () => {
    const user = userEvent.setup();
    render(<Multi />);
    expect(screen.getByRole('button', { name: 'Remove New' })).toBeInTheDocument();
    await user.click(screen.getByLabelText('Statuses'));
    await user.keyboard('{ArrowDown}');
    await user.click(screen.getByRole('option', { name: 'Closed' }));
    expect(screen.getByRole('button', { name: 'Remove Closed' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Remove New' }));
    expect(screen.queryByRole('button', { name: 'Remove New' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Remove Closed' })).toBeInTheDocument();
  });

  describe('type-ahead', () => {
    beforeEach(() => jest.useFakeTimers());
    afterEach(() => jest.useRealTimers());

    it('picks the option starting with the typed letters and forgets them after a second', async () => {
      const onChange = jest.fn();
      const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
      render(<Single onChange={onChange} />);
      await user.tab();
      expect(screen.getByLabelText('Status')).toHaveFocus();
      await user.keyboard('c');
      expect(onChange).toHaveBeenLastCalledWith(3);
      await user.keyboard('a');
      expect(onChange).toHaveBeenLastCalledWith(4);
      act(() => jest.advanceTimersByTime(1000));
      await user.keyboard('n');
      expect(onChange).toHaveBeenLastCalledWith(1);
    });

    it('moves the focus inside an open menu without choosing', async () => {
      const onChange = jest.fn();
      const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
      render(<Single onChange={onChange} />);
      await user.tab();
      await user.keyboard('{ArrowDown}');
      await user.keyboard('cl');
      expect(onChange).not.toHaveBeenCalled();
      await user.keyboard('{Enter}');
      expect(onChange).toHaveBeenLastCalledWith(3);
    });
  });
});
