import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { MultiSelect, type MultiSelectProps } from './multi-select';

const options = [
  { value: 1, label: 'Анна Смирнова' },
  { value: 2, label: 'Олег Кузнецов' },
  { value: 3, label: 'Иван Петров' },
  { value: 4, label: 'Ольга Кузнецова' },
];

type Props = Partial<MultiSelectProps<number>> & { initial?: number[] };

/** A MultiSelect holding its own value, as a form does, reporting every change to `onChange`. */
function Users({ initial = [], onChange = jest.fn(), ...rest }: Props) {
  const [value, setValue] = useState<number[]>(initial);
  return (
    <MultiSelect<number>
      label="Responsible"
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

const chips = () => screen.queryAllByRole('button', { name: /^Удалить: / }).map((button) => button.getAttribute('aria-label'));
const optionNames = () => screen.getAllByRole('option').map((option) => option.textContent);

describe('MultiSelect', () => {
  it('shows the values as chips and leaves them out of a menu at most 310 px high', async () => {
    const user = userEvent.setup();
    render(<Users initial={[1, 3]} />);
    expect(chips()).toEqual(['Удалить: Анна Смирнова', 'Удалить: Иван Петров']);
    const input = screen.getByRole('combobox', { name: 'Responsible' });
    await user.click(input);
    const listbox = screen.getByRole('listbox', { name: 'Responsible' });
    // 310 px, or less where the window has less room.
    expect(getComputedStyle(listbox).maxHeight).toMatch(/^min\(310px, /);
    expect(optionNames()).toEqual(['Олег Кузнецов', 'Ольга Кузнецова']);
  });

  it('filters by what is typed and adds the clicked option as a chip, keeping the menu open', async () => {
    const onChange = jest.fn();
    const user = userEvent.setup();
    render(<Users initial={[1]} onChange={onChange} placeholder="Pick users" />);
    const input = screen.getByRole('combobox', { name: 'Responsible' });
    // The placeholder shows only while there is no chip.
    expect(input).not.toHaveAttribute('placeholder');
    await user.type(input, 'кузн');
    expect(optionNames()).toEqual(['Олег Кузнецов', 'Ольга Кузнецова']);
    await user.click(screen.getByRole('option', { name: 'Ольга Кузнецова' }));
    expect(onChange).toHaveBeenLastCalledWith([1, 4]);
    expect(chips()).toEqual(['Удалить: Анна Смирнова', 'Удалить: Ольга Кузнецова']);
    expect(input).toHaveValue('');
    expect(input).toHaveFocus();
    expect(optionNames()).toEqual(['Олег Кузнецов', 'Иван Петров']);
    await user.type(input, 'zzz');
    expect(screen.queryAllByRole('option')).toEqual([]);
    expect(screen.getByRole('listbox')).toHaveTextContent('Нет вариантов');
    // Leaving the field forgets the filter text, with the menu open or closed.
    await user.tab();
    expect(input).toHaveValue('');
    await user.click(input);
    await user.keyboard('ив{Escape}');
    expect(input).toHaveValue('ив');
    await user.tab();
    expect(input).toHaveValue('');
  });

  it('is driven by the keyboard: arrows and Enter add, Escape closes, Backspace removes the last chip', async () => {
    const onChange = jest.fn();
    const user = userEvent.setup();
    render(<Users onChange={onChange} />);
    await user.tab();
    const input = screen.getByRole('combobox', { name: 'Responsible' });
    expect(input).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    expect(input).toHaveAttribute('aria-expanded', 'true');
    await user.keyboard('{ArrowDown}{Enter}');
    expect(onChange).toHaveBeenLastCalledWith([2]);
    // Still open, on the row that took Олег's place.
    expect(input).toHaveAttribute('aria-expanded', 'true');
    expect(input).toHaveAttribute('aria-activedescendant', screen.getByRole('option', { name: 'Иван Петров' }).id);
    await user.keyboard('{Enter}');
    expect(onChange).toHaveBeenLastCalledWith([2, 3]);
    await user.keyboard('{Escape}');
    expect(input).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
    expect(chips()).toEqual(['Удалить: Олег Кузнецов', 'Удалить: Иван Петров']);

    await user.keyboard('{Backspace}');
    expect(onChange).toHaveBeenLastCalledWith([2]);
    expect(chips()).toEqual(['Удалить: Олег Кузнецов']);
    // While text is typed, Backspace edits the text.
    await user.keyboard('ив{Backspace}');
    expect(input).toHaveValue('и');
    expect(onChange).toHaveBeenCalledTimes(3);
  });

  it('moves onto the chips with ArrowLeft and removes the focused one with Delete', async () => {
    const onChange = jest.fn();
    const user = userEvent.setup();
    render(<Users initial={[1, 2, 3]} onChange={onChange} />);
    await user.click(screen.getByRole('combobox', { name: 'Responsible' }));
    await user.keyboard('{Escape}{ArrowLeft}');
    expect(screen.getByText('Иван Петров').closest('[tabindex]')).toHaveFocus();
    await user.keyboard('{ArrowLeft}{Delete}');
    expect(onChange).toHaveBeenLastCalledWith([1, 3]);
    expect(chips()).toEqual(['Удалить: Анна Смирнова', 'Удалить: Иван Петров']);
  });

  it('removes a chip with its button, back to the input, and keeps values whose option is missing', async () => {
    const onChange = jest.fn();
    const user = userEvent.setup();
    render(<Users initial={[9, 1, 2]} onChange={onChange} />);
    // An unknown value stays visible, so it can be seen and removed.
    expect(chips()).toEqual(['Удалить: #9', 'Удалить: Анна Смирнова', 'Удалить: Олег Кузнецов']);
    await user.click(screen.getByRole('button', { name: 'Удалить: Анна Смирнова' }));
    expect(onChange).toHaveBeenLastCalledWith([9, 2]);
    expect(screen.getByRole('combobox', { name: 'Responsible' })).toHaveFocus();
    // The remove buttons are not tab stops: the field is one stop, chips are reached with the arrows.
    expect(screen.getByRole('button', { name: 'Удалить: Олег Кузнецов' })).toHaveAttribute('tabindex', '-1');
  });

  it('does not show values that are still loading, nor drop them when another is removed', async () => {
    const onChange = jest.fn();
    const user = userEvent.setup();
    render(<Users initial={[9, 1]} onChange={onChange} isLoading />);
    expect(chips()).toEqual(['Удалить: Анна Смирнова']);
    await user.click(screen.getByRole('button', { name: 'Удалить: Анна Смирнова' }));
    expect(onChange).toHaveBeenLastCalledWith([9]);
  });

  it('shows only the first error and marks the input invalid', () => {
    render(<Users error={['Choose someone', 'Second message']} />);
    expect(screen.getByRole('alert')).toHaveTextContent('Choose someone');
    expect(screen.queryByText('Second message')).not.toBeInTheDocument();
    const input = screen.getByRole('combobox', { name: 'Responsible' });
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveAccessibleDescription('Choose someone');
  });

  it('when disabled, neither opens nor offers to remove', async () => {
    const user = userEvent.setup();
    render(<Users initial={[1]} isDisabled />);
    const input = screen.getByRole('combobox', { name: 'Responsible' });
    expect(input).toBeDisabled();
    expect(chips()).toEqual([]);
    expect(screen.getByText('Анна Смирнова')).toBeInTheDocument();
    await user.click(input);
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
  });

  it('posts each value under its name', () => {
    const { container } = render(<Users initial={[1, 3]} name="users" />);
    expect([...container.querySelectorAll('input[type="hidden"][name="users"]')].map((input) => (input as HTMLInputElement).value)).toEqual(['1', '3']);
  });
});
