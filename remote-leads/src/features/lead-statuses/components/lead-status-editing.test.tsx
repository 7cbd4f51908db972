import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { RouteObject } from '@crm/shared/router';
import type { LeadStatus } from '@crm/shared/schemas';
import { mockFetch, renderRoutes, requestsTo } from '@crm/shared/testing';
import { LeadStatusListPage } from './lead-status-list-page';

// Rename, recolour and reorder on /lead-status/list (the list and delete are covered by lead-status-list-page.test).
const routes: RouteObject[] = [{ path: '/lead-status/list', element: <LeadStatusListPage /> }];

const statuses: LeadStatus[] = [
  { id: 1, name: 'Новый', color: '#00CFE8', position: 1 },
  { id: 2, name: 'В работе', color: '#FF9F43', position: 2 },
  { id: 3, name: 'Закрыт', color: '#28C76F', position: 3 },
];

async function shownOrder() {
  const table = await screen.findByRole('table', { name: 'Статусы лидов' });
  return within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) => within(row).getAllByRole('cell')[0].textContent);
}

const rowOf = (name: string) => screen.getByRole('cell', { name }).closest('tr')!;

describe('lead status editing', () => {
  it('renames inline: Enter sends PUT and the first 422 message stays under the field', async () => {
    const fetch = mockFetch({
      'GET /api/lead-status': { body: { data: statuses } },
      'PUT /api/lead-status/1': {
        status: 422,
        body: { message: 'The given data was invalid', errors: { name: ['Такой статус уже есть', 'Второе сообщение'] } },
      },
    });
    renderRoutes(routes, '/lead-status/list');
    const user = userEvent.setup();

    await user.click(await screen.findByRole('button', { name: 'Новый' }));
    const input = screen.getByRole('textbox', { name: 'Название статуса' });
    expect(input).toHaveValue('Новый');
    await user.clear(input);
    await user.type(input, 'В работе{Enter}');

    await waitFor(() => expect(input).toHaveAccessibleDescription('Такой статус уже есть'));
    expect(input).toBeInvalid();
    expect(screen.queryByText('Второе сообщение')).not.toBeInTheDocument();
    expect(requestsTo(fetch, 'PUT /api/lead-status/1').map((r) => r.body)).toEqual([{ name: 'В работе' }]);
    // Still editing, with what was typed; the list itself went back to the saved name.
    expect(screen.getByRole('textbox', { name: 'Название статуса' })).toHaveValue('В работе');
    expect(screen.getAllByRole('cell', { name: 'В работе' })).toHaveLength(1);

    await user.keyboard('{Escape}');
    expect(screen.queryByRole('textbox', { name: 'Название статуса' })).not.toBeInTheDocument();
    expect(screen.getByRole('cell', { name: 'Новый' })).toBeInTheDocument();
    expect(requestsTo(fetch, 'PUT /api/lead-status/1')).toHaveLength(1);
  });

  it('renames and revalidates on success; an unchanged name sends nothing', async () => {
    let current = statuses;
    const fetch = mockFetch({
      'GET /api/lead-status': () => ({ body: { data: current } }),
      'PUT /api/lead-status/2': ({ body }) => {
        current = current.map((s) => (s.id === 2 ? { ...s, ...(body as Partial<LeadStatus>) } : s));
        return { body: { data: current[1] } };
      },
    });
    renderRoutes(routes, '/lead-status/list');
    const user = userEvent.setup();

    await user.click(await screen.findByRole('button', { name: 'Новый' }));
    await user.keyboard('{Enter}');
    expect(screen.queryByRole('textbox', { name: 'Название статуса' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'В работе' }));
    const input = screen.getByRole('textbox', { name: 'Название статуса' });
    await user.clear(input);
    await user.type(input, 'Горячий{Enter}');

    expect(await screen.findByRole('cell', { name: 'Горячий' })).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: 'Название статуса' })).not.toBeInTheDocument();
    expect(requestsTo(fetch, 'PUT /api/lead-status/1')).toHaveLength(0);
    expect(requestsTo(fetch, 'PUT /api/lead-status/2').map((r) => r.body)).toEqual([{ name: 'Горячий' }]);
    expect(requestsTo(fetch, 'GET /api/lead-status').length).toBeGreaterThanOrEqual(2);
  });

  it('changes the colour from the palette and from the free colour input', async () => {
    let current = statuses;
    const fetch = mockFetch({
      'GET /api/lead-status': () => ({ body: { data: current } }),
      'PUT /api/lead-status/1': ({ body }) => {
        current = current.map((s) => (s.id === 1 ? { ...s, ...(body as Partial<LeadStatus>) } : s));
        return { body: { data: current[0] } };
      },
    });
    renderRoutes(routes, '/lead-status/list');
    const user = userEvent.setup();

    await user.click(await screen.findByRole('button', { name: /^Цвет статуса Новый #[0-9A-F]{6}$/ }));
    const palette = screen.getByRole('group', { name: 'Цвета для статуса Новый' });
    expect(within(palette).getByRole('button', { name: 'Голубой' })).toHaveAttribute('aria-pressed', 'true');
    await user.click(within(palette).getByRole('button', { name: 'Оранжевый' }));

    expect(screen.queryByRole('group')).not.toBeInTheDocument();
    await waitFor(() => expect(rowOf('Новый').querySelector('[data-color]')).toHaveAttribute('data-color', '#FF9F43'));

    await user.click(screen.getByRole('button', { name: /^Цвет статуса Новый #[0-9A-F]{6}$/ }));
    fireEvent.change(screen.getByLabelText('Свой цвет'), { target: { value: '#123abc' } });

    await waitFor(() => expect(rowOf('Новый').querySelector('[data-color]')).toHaveAttribute('data-color', '#123ABC'));
    expect(requestsTo(fetch, 'PUT /api/lead-status/1').map((r) => r.body)).toEqual([{ color: '#FF9F43' }, { color: '#123ABC' }]);
  });

  it('moves a status down and up with the arrow buttons, sending every id in the new order', async () => {
    let current = statuses;
    const fetch = mockFetch({
      'GET /api/lead-status': () => ({ body: { data: current } }),
      'POST /api/lead-status/reorder': ({ body }) => {
        const { ids } = body as { ids: number[] };
        current = ids.map((id, index) => ({ ...statuses.find((s) => s.id === id)!, position: index + 1 }));
        return { body: { data: current } };
      },
    });
    renderRoutes(routes, '/lead-status/list');
    const user = userEvent.setup();

    await screen.findByRole('cell', { name: 'Новый' });
    expect(screen.getByRole('button', { name: 'Выше Новый' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Ниже Закрыт' })).toBeDisabled();

    await user.click(screen.getByRole('button', { name: 'Ниже Новый' }));
    await waitFor(async () => expect(await shownOrder()).toEqual(['В работе', 'Новый', 'Закрыт']));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Выше Закрыт' })).toBeEnabled());

    await user.click(screen.getByRole('button', { name: 'Выше Закрыт' }));
    await waitFor(async () => expect(await shownOrder()).toEqual(['В работе', 'Закрыт', 'Новый']));
    expect(requestsTo(fetch, 'POST /api/lead-status/reorder').map((r) => r.body)).toEqual([{ ids: [2, 1, 3] }, { ids: [2, 3, 1] }]);
    const table = screen.getByRole('table', { name: 'Статусы лидов' });
    expect(
      within(table)
        .getAllByRole('row')
        .slice(1)
        .map((row) => within(row).getAllByRole('cell')[1].textContent),
    ).toEqual(['1', '2', '3']);
  });

  it('shows the new order at once and puts the old one back when the reorder fails', async () => {
    const fetch = mockFetch({
      'GET /api/lead-status': { body: { data: statuses } },
      'POST /api/lead-status/reorder': { status: 500, body: { message: 'Сбой сервера' } },
    });
    // Hold the reorder answer, so the optimistic order can be seen before the failure arrives.
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    // Later reads never answer, so only the rollback can bring the old order back.
    let reads = 0;
    const answer = fetch.getMockImplementation()!;
    fetch.mockImplementation(async (input, init) => {
      if (String(input).endsWith('/api/lead-status/reorder')) await held;
      else if ((reads += 1) > 1) await new Promise(() => undefined);
      return answer(input, init);
    });
    renderRoutes(routes, '/lead-status/list');
    const user = userEvent.setup();

    await screen.findByRole('cell', { name: 'Новый' });
    await user.click(screen.getByRole('button', { name: 'Ниже Новый' }));
    expect(await shownOrder()).toEqual(['В работе', 'Новый', 'Закрыт']);
    expect(screen.getByRole('button', { name: 'Ниже В работе' })).toBeDisabled();

    release();
    expect(await screen.findByText('Не удалось изменить порядок: Что-то пошло не так. Попробуйте ещё раз.')).toBeInTheDocument();
    expect(await shownOrder()).toEqual(['Новый', 'В работе', 'Закрыт']);
    expect(requestsTo(fetch, 'POST /api/lead-status/reorder').map((r) => r.body)).toEqual([{ ids: [2, 1, 3] }]);
  });

  it('reorders by dragging a row onto another', async () => {
    const fetch = mockFetch({
      'GET /api/lead-status': { body: { data: statuses } },
      'POST /api/lead-status/reorder': { body: { data: statuses } },
    });
    renderRoutes(routes, '/lead-status/list');
    await screen.findByRole('cell', { name: 'Новый' });
    const dataTransfer = { setData: jest.fn(), effectAllowed: 'none', dropEffect: 'none' };

    const source = rowOf('Новый');
    expect(source).toHaveAttribute('draggable', 'true');
    fireEvent.dragStart(source, { dataTransfer });
    fireEvent.dragOver(rowOf('Закрыт'), { dataTransfer });
    fireEvent.drop(rowOf('Закрыт'), { dataTransfer });
    fireEvent.dragEnd(source, { dataTransfer });

    await waitFor(() => expect(requestsTo(fetch, 'POST /api/lead-status/reorder')).toHaveLength(1));
    expect(requestsTo(fetch, 'POST /api/lead-status/reorder')[0].body).toEqual({ ids: [2, 3, 1] });
    expect(dataTransfer.setData).toHaveBeenCalledWith('text/plain', '1');
  });

  it('offers no rename, colour or reorder without the edit ability', async () => {
    mockFetch({ 'GET /api/lead-status': { body: { data: statuses } } });
    renderRoutes(routes, '/lead-status/list', [
      { action: 'view', subject: 'lead-status' },
      { action: 'delete', subject: 'lead-status' },
    ]);

    await screen.findByRole('cell', { name: 'Новый' });
    expect(screen.queryByRole('button', { name: 'Новый' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Цвет статуса/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^(Выше|Ниже) / })).not.toBeInTheDocument();
    expect(rowOf('Новый')).toHaveAttribute('draggable', 'false');
    expect(screen.getByRole('button', { name: 'Удалить Новый' })).toBeInTheDocument();
  });
});
