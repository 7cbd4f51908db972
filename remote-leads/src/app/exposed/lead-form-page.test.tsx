import { loadEditor } from '@crm/shared/editor/lazy';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockFetch, renderRoutes } from '@crm/shared/testing';
import LeadFormRoute from './lead-form-page';

// Lexical and the selects in jsdom are slow on a 2-core runner: allow more than jest's default 5 s per test.
jest.setTimeout(30_000);

describe('./lead-form-page', () => {
  // Load the lazily imported editor once, up front, rather than inside the test.
  beforeAll(() => loadEditor());

  it('offers the lead statuses from GET /api/lead-status in their order in the Статус select', async () => {
    mockFetch({
      'GET /api/users': { body: { data: [] } },
      'GET /api/lead-status': {
        body: {
          data: [
            { id: 4, name: 'Новый', color: '#00CFE8', position: 1 },
            { id: 2, name: 'Договор', color: '#28C76F', position: 2 },
          ],
        },
      },
    });
    renderRoutes([{ path: '/leads/create', element: <LeadFormRoute /> }], '/leads/create');
    const user = userEvent.setup();
    expect(screen.getByRole('heading', { name: 'Добавить лида' })).toBeInTheDocument();
    await user.click(screen.getByLabelText('Статус'));
    await user.keyboard('{ArrowDown}');
    expect((await screen.findAllByRole('option')).map((option) => option.textContent)).toEqual(['Новый', 'Договор']);
  });

  it('on an existing lead, offers «Объединить с …» after each lead with the same phone, opening the merge dialog with both', async () => {
    const lead = (id: number, surname: string, firstname: string) => ({
      id,
      surname,
      firstname,
      patronymic: '',
      phone: '+7 900 123 45 67',
      status_id: null,
      additional_info: '',
      users: [],
      created_by: 1,
      created_at: '2025-03-15T12:00:00.000Z',
      updated_at: '2025-03-15T12:00:00.000Z',
      version: 1,
      status: null,
      responsible: [],
      is_favorite: false,
      creator: null,
      updated_by: null,
    });
    mockFetch({
      'GET /api/users': { body: { data: [] } },
      'GET /api/lead-status': { body: { data: [] } },
      'GET /api/leads/7': { body: { data: lead(7, 'Иванов', 'Иван') } },
      'GET /api/leads/9': { body: { data: lead(9, 'Смирнов', 'Олег') } },
      'GET /api/leads/phone-duplicates': {
        body: { data: [{ id: 9, surname: 'Смирнов', firstname: 'Олег', patronymic: '', phone: '+7 900 123 45 67' }] },
      },
    });
    renderRoutes([{ path: '/leads/:id/edit', element: <LeadFormRoute /> }], '/leads/7/edit');
    const user = userEvent.setup();
    const warning = (await screen.findByText(/Лид с таким телефоном уже есть/)).closest('[role="status"]') as HTMLElement;
    await user.click(await within(warning).findByRole('button', { name: 'Объединить с Смирнов Олег' }));
    const dialog = await screen.findByRole('dialog', { name: 'Объединение лидов' });
    expect(await within(dialog).findByRole('radio', { name: 'Оставить Иванов Иван (#7)' })).toBeChecked();
    expect(within(dialog).getByRole('radio', { name: 'Оставить Смирнов Олег (#9)' })).not.toBeChecked();
  });
});
