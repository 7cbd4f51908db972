import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { RouteObject } from '@crm/shared/router';
import type { AbilityRule } from '@crm/shared/schemas';
import { mockFetch, renderRoutes, requestsTo } from '@crm/shared/testing';
import { LeadsBulkBar } from './leads-bulk-bar';

jest.setTimeout(30_000);

const statusOptions = [
  { value: 1, label: 'Новый' },
  { value: 3, label: 'В работе' },
];
const userOptions = [{ value: 5, label: 'Олег Кузнецов' }];

const render = (rules?: AbilityRule[]) => {
  const onDone = jest.fn();
  const routes: RouteObject[] = [
    {
      path: '/leads/list',
      element: <LeadsBulkBar selectedIds={[7, 8]} statusOptions={statusOptions} userOptions={userOptions} onDone={onDone} onClear={jest.fn()} />,
    },
  ];
  return { onDone, ...renderRoutes(routes, '/leads/list', rules) };
};

describe('LeadsBulkBar', () => {
  it("offers 'Без статуса' in the status picker and sends status_id null for it", async () => {
    const fetch = mockFetch({ 'POST /api/leads/bulk': { body: { data: { affected: 2, skipped: [] } } } });
    const { onDone } = render();
    const user = userEvent.setup();

    await user.click(screen.getByLabelText('Новый статус'));
    const menu = await screen.findByRole('listbox');
    expect(within(menu).getAllByRole('option').map((option) => option.textContent)).toEqual(['Без статуса', 'Новый', 'В работе']);
    await user.click(within(menu).getByRole('option', { name: 'Без статуса' }));
    await user.click(screen.getByRole('button', { name: 'Сменить статус' }));

    await waitFor(() => expect(onDone).toHaveBeenCalled());
    expect(requestsTo(fetch, 'POST /api/leads/bulk')[0].body).toEqual({ action: 'status', ids: [7, 8], status_id: null });
  });

  it('offers the hand-over only with assign lead', () => {
    mockFetch({});
    render([
      { action: 'view', subject: 'lead' },
      { action: 'edit', subject: 'lead' },
    ]);
    expect(screen.getByRole('button', { name: 'Сменить статус' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Передать' })).not.toBeInTheDocument();
  });
});
