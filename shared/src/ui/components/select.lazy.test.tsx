import type * as ReactModule from 'react';
import type * as Testing from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type * as DialogModule from './dialog';
import type * as SelectModule from './select';
import type * as SelectLoader from './select-loader';

// The kit's Select and Dialog before Radix has loaded (tooling/jest.setup.ts loads it for every other test file).
// Each test takes fresh copies of the kit, React and Testing Library, so each starts with nothing loaded (user-event
// stays outside: it registers hooks of its own when loaded).

interface Kit {
  React: typeof ReactModule;
  testing: typeof Testing;
  Select: typeof SelectModule.Select;
  Dialog: typeof DialogModule.Dialog;
  loadSelectMenu: typeof SelectLoader.loadSelectMenu;
}

let kit: Kit;

beforeEach(async () => {
  // The fresh Testing Library must not register its own afterEach inside a test; `cleanup` is called below.
  process.env.RTL_SKIP_AUTO_CLEANUP = 'true';
  // A fresh registry for the rest of the test, so the kit's own `import()` later finds the same React.
  jest.resetModules();
  kit = {
    React: await import('react'),
    testing: await import('@testing-library/react'),
    Select: (await import('./select')).Select,
    Dialog: (await import('./dialog')).Dialog,
    loadSelectMenu: (await import('./select-loader')).loadSelectMenu,
  };
});

afterEach(() => kit.testing.cleanup());

const options = [
  { value: 1, label: 'New' },
  { value: 2, label: 'In work' },
  { value: 3, label: 'Closed' },
  { value: 4, label: 'Callback' },
];

/** A Select holding its own value, as a form does. */
function renderSelect(onChange = jest.fn(), initial: number | null = 2) {
  const { React, Select, testing } = kit;
  function Single() {
    const [value, setValue] = React.useState<number | null>(initial);
    return (
      <Select<number>
        label="Status"
        placeholder="Pick one"
        options={options}
        value={value}
        onChange={(next) => {
          setValue(next);
          onChange(next);
        }}
      />
    );
  }
  testing.render(<Single />);
  return { onChange, field: () => testing.screen.getByRole('combobox', { name: 'Status' }) };
}

const attributes = (element: Element) =>
  Object.fromEntries([...element.attributes].filter((a) => a.name !== 'class').map((a) => [a.name, a.value]));

describe('Select before Radix has loaded', () => {
  it('draws the closed field as Radix does, and is replaced by Radix without a visible change', async () => {
    const { testing } = kit;
    const { field } = renderSelect();
    const standIn = field();
    expect(standIn).toHaveTextContent('In work');
    expect(standIn).toHaveAttribute('aria-expanded', 'false');
    expect(testing.screen.queryByRole('listbox')).not.toBeInTheDocument();
    const before = { attributes: attributes(standIn), html: standIn.innerHTML };

    await testing.act(() => kit.loadSelectMenu());
    const radix = field();
    expect(radix).not.toBe(standIn);
    expect(attributes(radix)).toEqual(before.attributes);
    expect(radix.innerHTML).toBe(before.html);
  });

  it('shows the placeholder like Radix when nothing is chosen', async () => {
    const { testing } = kit;
    const { field } = renderSelect(jest.fn(), null);
    const before = { attributes: attributes(field()), html: field().innerHTML };
    expect(field()).toHaveTextContent('Pick one');
    expect(field()).toHaveAttribute('data-placeholder', '');
    await testing.act(() => kit.loadSelectMenu());
    expect(attributes(field())).toEqual(before.attributes);
    expect(field().innerHTML).toBe(before.html);
  });

  it('opens on the first press, once Radix is here, and reports the chosen value', async () => {
    const { testing } = kit;
    const user = userEvent.setup();
    const { onChange, field } = renderSelect();
    await user.click(field());
    expect(await testing.screen.findByRole('listbox')).toBeInTheDocument();
    await user.click(testing.screen.getByRole('option', { name: 'Closed' }));
    expect(onChange).toHaveBeenLastCalledWith(3);
    expect(field()).toHaveTextContent('Closed');
    expect(field()).toHaveFocus();
  });

  it('keeps the focus on the field when Radix replaces it', async () => {
    const { testing } = kit;
    const user = userEvent.setup();
    const { field } = renderSelect();
    const standIn = field();
    // Tabbing in asks for Radix, which may well be here before user-event returns.
    await user.tab();
    await testing.waitFor(() => expect(field()).not.toBe(standIn));
    expect(field()).toHaveFocus();
    expect(testing.screen.queryByRole('listbox')).not.toBeInTheDocument();
  });

  it('opens on an arrow key pressed before Radix has loaded, on the current option', async () => {
    const { testing } = kit;
    const { field } = renderSelect();
    testing.fireEvent.focus(field());
    testing.fireEvent.keyDown(field(), { key: 'ArrowDown' });
    expect(await testing.screen.findByRole('listbox')).toBeInTheDocument();
    await testing.waitFor(() => expect(testing.screen.getByRole('option', { name: 'In work' })).toHaveFocus());
  });

  it('picks by type-ahead letters typed before Radix has loaded, without opening', async () => {
    const { testing } = kit;
    const { onChange, field } = renderSelect();
    testing.fireEvent.keyDown(field(), { key: 'c' });
    testing.fireEvent.keyDown(field(), { key: 'a' });
    await testing.waitFor(() => expect(onChange).toHaveBeenLastCalledWith(4));
    expect(field()).toHaveTextContent('Callback');
    expect(testing.screen.queryByRole('listbox')).not.toBeInTheDocument();
  });

  it('clears with Backspace before Radix has loaded', () => {
    const { testing, React, Select } = kit;
    const onChange = jest.fn();
    function Clearable() {
      const [value, setValue] = React.useState<number | null>(2);
      return (
        <Select<number>
          label="Status"
          placeholder="All"
          isClearable
          options={options}
          value={value}
          onChange={(next) => {
            setValue(next);
            onChange(next);
          }}
        />
      );
    }
    testing.render(<Clearable />);
    testing.fireEvent.keyDown(testing.screen.getByRole('combobox', { name: 'Status' }), { key: 'Backspace' });
    expect(onChange).toHaveBeenLastCalledWith(null);
    expect(testing.screen.getByRole('combobox', { name: 'Status' })).toHaveTextContent('All');
  });
});

describe('Dialog before Radix has loaded', () => {
  it('draws nothing while closed and opens once Radix is here', async () => {
    const { testing, Dialog } = kit;
    const onOpenChange = jest.fn();
    const { rerender } = testing.render(
      <Dialog open={false} onOpenChange={onOpenChange} title="Передать лид">
        body text
      </Dialog>,
    );
    expect(testing.screen.queryByRole('dialog')).not.toBeInTheDocument();
    rerender(
      <Dialog open onOpenChange={onOpenChange} title="Передать лид">
        body text
      </Dialog>,
    );
    expect(await testing.screen.findByRole('dialog', { name: 'Передать лид' })).toHaveTextContent('body text');
    await userEvent.setup().keyboard('{Escape}');
    expect(onOpenChange).toHaveBeenCalledWith(false);
  });
});
