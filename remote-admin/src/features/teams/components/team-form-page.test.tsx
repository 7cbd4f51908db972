import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockFetch, renderRoutes, requestsTo } from '@crm/shared/testing';
import { TeamFormPage } from './team-form-page';

const team = {
  id: 7,
  name: 'Север',
  description: 'Северный филиал',
  lead: { id: 2, name: 'Анна', avatar: null },
  members: [{ id: 2, name: 'Анна', avatar: null }],
  members_count: 1,
  version: 4,
  created_at: '2026-01-01T00:00:00Z',
};

const routes = [
  { path: '/team/:idEdit', element: <TeamFormPage /> },
  { path: '/team', element: <p>team list</p> },
];

describe('TeamFormPage', () => {
  it('loads the team of /team/:id-edit, saves it over its version with 422 messages under the fields, then goes back', async () => {
    let attempts = 0;
    const fetch = mockFetch({
      'GET /api/teams/7': { body: { data: team } },
      'GET /api/users': { body: { data: [{ id: 2, first_name: 'Анна', name: 'Анна', email: 'a@x', role: 'Manager', avatar: null }] } },
      'PUT /api/teams/7': () => {
        attempts += 1;
        return attempts === 1
          ? { status: 422, body: { message: 'The given data was invalid.', errors: { name: ['Укажите название'] } } }
          : { body: { data: team } };
      },
    });
    const { router } = renderRoutes(routes, '/team/7-edit');
    const user = userEvent.setup();
    const name = await screen.findByLabelText('Название');
    await waitFor(() => expect(name).toHaveValue('Север'));
    await user.clear(name);
    await user.click(screen.getByRole('button', { name: 'Сохранить' }));
    expect(await screen.findByText('Укажите название')).toBeInTheDocument();
    await user.type(name, 'Север-2');
    await user.click(screen.getByRole('button', { name: 'Сохранить' }));

    await screen.findByText('team list');
    expect(router.state.location.pathname).toBe('/team');
    expect(requestsTo(fetch, 'PUT /api/teams/7')[1].body).toEqual({ name: 'Север-2', description: 'Северный филиал', lead_id: 2, member_ids: [2], version: 4 });
  }, 15_000);

  it('says not found for an id that cannot be one', async () => {
    mockFetch({ 'GET /api/users': { body: { data: [] } } });
    renderRoutes(routes, '/team/abc-edit');
    expect(await screen.findByText('Команда не найдена')).toBeInTheDocument();
  });
});
