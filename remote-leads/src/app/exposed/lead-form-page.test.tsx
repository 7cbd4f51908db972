import { loadEditor } from '@crm/shared/editor/lazy';
import { screen } from '@testing-library/react';
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
});
