import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { LeadDetail } from '@crm/shared/schemas';
import { mockFetch, renderRoutes, requestsTo } from '@crm/shared/testing';
import { MergeLeadButton } from './merge-lead-button';
import { MergeLeadsDialog } from './merge-leads-dialog';

const base: LeadDetail = {
  id: 7,
  surname: 'Иванов',
  firstname: 'Иван',
  patronymic: '',
  phone: '+7 900 123-45-67',
  status_id: 3,
  additional_info: '<p>Звонить после обеда</p>',
  users: [2],
  created_by: 1,
  created_at: '2025-03-15T12:00:00.000Z',
  updated_at: '2025-03-16T09:30:00.000Z',
  version: 4,
  status: { id: 3, name: 'В работе', color: '#FF9F43' },
  responsible: [{ id: 2, first_name: 'Анна', name: 'Анна Смирнова' }],
  is_favorite: false,
  creator: null,
  updated_by: null,
};
const kept = base;
const other: LeadDetail = {
  ...base,
  id: 9,
  patronymic: 'Петрович',
  phone: '8 900 123-45-68',
  status_id: 5,
  status: { id: 5, name: 'Новый', color: '#000000' },
  additional_info: '',
  users: [2, 5],
  responsible: [
    { id: 2, first_name: 'Анна', name: 'Анна Смирнова' },
    { id: 5, first_name: 'Олег', name: 'Олег Кузнецов' },
  ],
  version: 2,
};

const leads = { 'GET /api/leads/7': { body: { data: kept } }, 'GET /api/leads/9': { body: { data: other } } };

const renderDialog = (onMerged = jest.fn(), onClose = jest.fn()) => {
  renderRoutes([{ path: '/', element: <MergeLeadsDialog firstId={7} secondId={9} onClose={onClose} onMerged={onMerged} /> }], '/');
  return { onMerged, onClose };
};

describe('MergeLeadsDialog', () => {
  it('shows both leads side by side with the result: the kept lead’s values, its empty ones filled from the other, users joined', async () => {
    mockFetch(leads);
    renderDialog();
    expect(await screen.findByRole('dialog', { name: 'Объединение лидов' })).toBeInTheDocument();
    expect(await screen.findByTestId('merge-result-phone')).toHaveTextContent('+7 900 123-45-67');
    expect(screen.getByTestId('merge-result-patronymic')).toHaveTextContent('Петрович');
    expect(screen.getByTestId('merge-result-status_id')).toHaveTextContent('В работе');
    expect(screen.getByTestId('merge-result-additional_info')).toHaveTextContent('Звонить после обеда');
    expect(screen.getByTestId('merge-result-users')).toHaveTextContent('Анна Смирнова, Олег Кузнецов');
    expect(screen.getByText(/Вернуть удалённый лид можно только создав новый/)).toBeInTheDocument();
  });

  it('a radio per field changes the result; after the confirmation it sends the choice and the versions shown', async () => {
    const fetch = mockFetch({ ...leads, 'POST /api/leads/merge': { body: { data: { ...kept, phone: other.phone, version: 5 } } } });
    const { onMerged, onClose } = renderDialog();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('radio', { name: 'Телефон: Иванов Иван Петрович (#9)' }));
    expect(screen.getByTestId('merge-result-phone')).toHaveTextContent('8 900 123-45-68');
    await user.click(screen.getByRole('button', { name: 'Объединить' }));

    const confirm = await screen.findByRole('alertdialog');
    expect(confirm).toHaveTextContent('Лид «Иванов Иван Петрович» будет удалён');
    expect(confirm).toHaveTextContent('Объединение нельзя отменить');
    await user.click(within(confirm).getByRole('button', { name: 'Объединить' }));

    await waitFor(() => expect(onMerged).toHaveBeenCalledWith(expect.objectContaining({ id: 7 }), 9));
    expect(onClose).toHaveBeenCalled();
    expect(requestsTo(fetch, 'POST /api/leads/merge').map((r) => r.body)).toEqual([
      {
        keep_id: 7,
        merge_id: 9,
        keep_version: 4,
        merge_version: 2,
        fields: { surname: 'keep', firstname: 'keep', patronymic: 'merge', phone: 'merge', status_id: 'keep', additional_info: 'keep' },
      },
    ]);
  });

  it('keeping the other lead swaps the sides: the body keeps 9 and merges 7', async () => {
    const fetch = mockFetch({ ...leads, 'POST /api/leads/merge': { body: { data: other } } });
    renderDialog();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('radio', { name: 'Оставить Иванов Иван Петрович (#9)' }));
    await user.click(screen.getByRole('button', { name: 'Объединить' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Объединить' }));
    await waitFor(() => expect(requestsTo(fetch, 'POST /api/leads/merge')).toHaveLength(1));
    const [request] = requestsTo(fetch, 'POST /api/leads/merge');
    expect(request.body).toMatchObject({ keep_id: 9, merge_id: 7, keep_version: 2, merge_version: 4 });
    // The kept lead's empty notes are filled from lead 7.
    expect((request.body as { fields: Record<string, string> }).fields.additional_info).toBe('merge');
  });

  it('a 409 keeps the dialog open, says a lead changed and reloads both leads', async () => {
    const fetch = mockFetch({ ...leads, 'POST /api/leads/merge': { status: 409, body: { message: 'Лид уже изменён', code: 'LEAD_VERSION_CONFLICT' } } });
    const { onMerged } = renderDialog();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Объединить' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Объединить' }));
    expect(await screen.findByText(/один из лидов изменили/)).toBeInTheDocument();
    await waitFor(() => expect(requestsTo(fetch, 'GET /api/leads/9').length).toBeGreaterThan(1));
    expect(onMerged).not.toHaveBeenCalled();
    expect(screen.getByRole('dialog', { name: 'Объединение лидов' })).toBeInTheDocument();
  });

  it('Объединить is offered only with edit lead and delete lead', async () => {
    mockFetch(leads);
    const route = [{ path: '/', element: <MergeLeadButton lead={{ id: 7 }} /> }];
    const { unmount } = renderRoutes(route, '/', [
      { action: 'view', subject: 'lead' },
      { action: 'edit', subject: 'lead' },
    ]);
    expect(screen.queryByRole('button', { name: 'Объединить' })).not.toBeInTheDocument();
    unmount();
    renderRoutes(route, '/', [
      { action: 'edit', subject: 'lead' },
      { action: 'delete', subject: 'lead' },
    ]);
    expect(screen.getByRole('button', { name: 'Объединить' })).toBeInTheDocument();
  });
});
