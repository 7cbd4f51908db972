import { useState } from 'react';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Link, useLocation, useNavigate, useRoutes } from '@crm/shared/router';
import { MemoryRouter } from '@crm/shared/router/testing';
import { ConfirmProvider } from '../components/confirm-provider';
import { useUnsavedChangesGuard } from './use-unsaved-changes-guard';

const QUESTION = 'Есть несохранённые изменения. Уйти без сохранения?';

function Form() {
  const [text, setText] = useState('');
  useUnsavedChangesGuard(text !== '');
  const navigate = useNavigate();
  return (
    <>
      <input aria-label="Текст" value={text} onChange={(event) => setText(event.target.value)} />
      <Link to="/list">Меню: список</Link>
      <button type="button" onClick={() => navigate('/list')}>
        Закрыть
      </button>
    </>
  );
}

function App() {
  const where = useLocation().pathname;
  return (
    <>
      <p>at {where}</p>
      {useRoutes([
        { path: '/form', element: <Form /> },
        { path: '/list', element: <p>the list</p> },
      ])}
    </>
  );
}

// The host and the standalone shells use the declarative router (BrowserRouter), where react-router's useBlocker
// does not work: this is the path they take.
function setup() {
  render(
    <MemoryRouter initialEntries={['/form']}>
      <ConfirmProvider>
        <App />
      </ConfirmProvider>
    </MemoryRouter>,
  );
  return userEvent.setup();
}

describe('useUnsavedChangesGuard in the declarative router', () => {
  it('lets a clean form go without asking', async () => {
    const user = setup();
    await user.click(screen.getByRole('link', { name: 'Меню: список' }));
    expect(screen.getByText('at /list')).toBeInTheDocument();
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  });

  it('asks before a menu link or Закрыть leaves typed text: Остаться keeps it, Уйти leaves', async () => {
    const user = setup();
    await user.type(screen.getByRole('textbox', { name: 'Текст' }), 'Черновик');
    await user.click(screen.getByRole('link', { name: 'Меню: список' }));
    await user.click(within(await screen.findByRole('alertdialog', { name: QUESTION })).getByRole('button', { name: 'Остаться' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(screen.getByText('at /form')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Текст' })).toHaveValue('Черновик');

    await user.click(screen.getByRole('button', { name: 'Закрыть' }));
    await user.click(within(await screen.findByRole('alertdialog', { name: QUESTION })).getByRole('button', { name: 'Уйти' }));
    await waitFor(() => expect(screen.getByText('at /list')).toBeInTheDocument());
  });
});
