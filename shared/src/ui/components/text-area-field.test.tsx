import { createRef, useState } from 'react';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { TextAreaField, type TextAreaFieldProps } from './text-area-field';

function Controlled(props: Omit<TextAreaFieldProps, 'value' | 'onChange'>) {
  const [value, setValue] = useState('');
  return <TextAreaField {...props} value={value} onChange={(event) => setValue(event.target.value)} />;
}

describe('TextAreaField', () => {
  it('binds the label to a multi-line box that takes typed lines', async () => {
    render(<Controlled label="Заметка" />);
    const box = screen.getByRole('textbox', { name: 'Заметка' });
    await userEvent.setup().type(box, 'Первая строка{Enter}Вторая');
    expect(box).toHaveValue('Первая строка\nВторая');
    expect(box).not.toHaveAttribute('aria-invalid');
  });

  it('announces only the first of several errors and links it to the box', () => {
    render(<TextAreaField label="Комментарий" error={['Напишите комментарий', 'Слишком длинно']} defaultValue="" />);
    const box = screen.getByRole('textbox', { name: 'Комментарий' });
    expect(screen.getByRole('alert')).toHaveTextContent('Напишите комментарий');
    expect(screen.queryByText('Слишком длинно')).not.toBeInTheDocument();
    expect(box).toHaveAttribute('aria-invalid', 'true');
    expect(box).toHaveAccessibleDescription('Напишите комментарий');
  });

  it('shows the hint while there is no error', () => {
    render(<TextAreaField label="Заметка" hint="Видна только вам" error={[]} />);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Заметка' })).toHaveAccessibleDescription('Видна только вам');
  });

  it('takes no typing when disabled or read-only; read-only text can still be focused', async () => {
    const user = userEvent.setup();
    render(
      <>
        <TextAreaField label="Выключено" disabled defaultValue="как было" />
        <TextAreaField label="Только чтение" readOnly defaultValue="как было" />
      </>,
    );
    await user.type(screen.getByRole('textbox', { name: 'Выключено' }), 'x');
    await user.type(screen.getByRole('textbox', { name: 'Только чтение' }), 'x');
    expect(screen.getByRole('textbox', { name: 'Выключено' })).toHaveValue('как было');
    expect(screen.getByRole('textbox', { name: 'Только чтение' })).toHaveValue('как было');
    expect(screen.getByRole('textbox', { name: 'Только чтение' })).toHaveFocus();
  });

  it('hands its textarea to a ref', () => {
    const ref = createRef<HTMLTextAreaElement>();
    render(<TextAreaField label="Заметка" ref={ref} />);
    ref.current?.focus();
    expect(screen.getByRole('textbox', { name: 'Заметка' })).toHaveFocus();
  });

  describe('with autoGrow', () => {
    // jsdom lays nothing out: here each line is 24px of scroll height, plus the padding, 2 × 7px, or 2 × 6px when focused
    // (the focus border takes its pixel from the padding).
    let scrollHeight: jest.SpyInstance;
    beforeEach(() => {
      scrollHeight = jest
        .spyOn(HTMLTextAreaElement.prototype, 'scrollHeight', 'get')
        .mockImplementation(function (this: HTMLTextAreaElement) {
          return Math.max(this.rows, this.value.split('\n').length) * 24 + (this === document.activeElement ? 12 : 14);
        });
    });
    afterEach(() => scrollHeight.mockRestore());

    const height = () => parseFloat(screen.getByRole('textbox', { name: 'Заметка' }).style.height);

    it('grows with the lines typed and shrinks when they are removed', async () => {
      const user = userEvent.setup();
      render(<Controlled label="Заметка" rows={2} autoGrow maxRows={4} />);
      const empty = height();
      await user.type(screen.getByRole('textbox', { name: 'Заметка' }), 'раз{Enter}два{Enter}три');
      expect(height()).toBeGreaterThan(empty);
      await user.clear(screen.getByRole('textbox', { name: 'Заметка' }));
      expect(height()).toBe(empty);
    });

    it('fits a value it is given, not only typing', () => {
      const { rerender } = render(<TextAreaField label="Заметка" rows={2} autoGrow value="" onChange={() => undefined} />);
      const empty = height();
      rerender(<TextAreaField label="Заметка" rows={2} autoGrow value={'раз\nдва\nтри\nчетыре'} onChange={() => undefined} />);
      expect(height()).toBe(empty + 2 * 24);
    });

    it('stops growing at maxRows and scrolls beyond', () => {
      render(<TextAreaField label="Заметка" autoGrow maxRows={4} defaultValue={'1\n2\n3\n4\n5\n6'} />);
      expect(screen.getByRole('textbox', { name: 'Заметка' })).toHaveStyle({ maxHeight: 'calc(6em + 0.875rem + 2px)', overflowY: 'auto' });
    });
  });
});
