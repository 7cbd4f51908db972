import { loadEditor } from '@crm/shared/editor/lazy';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { LeadComment, LeadDetail, LeadHistoryEntry } from '@crm/shared/schemas';
import { mockFetch, renderRoutes } from '@crm/shared/testing';
import LeadDetailRoute from './lead-detail-page';

const lead: LeadDetail = {
  id: 7,
  surname: 'Иванов',
  firstname: 'Иван',
  patronymic: '',
  phone: '+7 900 123-45-67',
  status_id: 3,
  additional_info: '',
  users: [5],
  created_by: 1,
  created_at: '2025-03-15T12:00:00.000Z',
  updated_at: '2025-03-16T09:30:00.000Z',
  version: 2,
  status: { id: 3, name: 'В работе', color: '#FF9F43' },
  responsible: [{ id: 5, first_name: 'Олег', name: 'Олег Кузнецов' }],
  is_favorite: false,
  creator: { id: 1, first_name: 'Админ', name: 'Админ Системы' },
  updated_by: { id: 1, first_name: 'Админ', name: 'Админ Системы' },
};

const comment: LeadComment = {
  id: 1,
  lead_id: 7,
  step: { id: 11, name: 'Первый звонок', color: '#A8AAAE' },
  author: { id: 5, first_name: 'Олег', name: 'Олег Кузнецов' },
  body: '<p>Клиент заинтересован</p>',
  created_at: '2025-03-15T13:00:00.000Z',
  updated_at: '2025-03-15T13:00:00.000Z',
};

const history: LeadHistoryEntry[] = [
  {
    id: 2,
    action: 'assigned',
    user: { id: 1, first_name: 'Админ', name: 'Админ Системы' },
    changes: { users: { from: [2], to: [5] }, status_id: { from: 1, to: 3 } },
    created_at: '2025-03-16T09:30:00.000Z',
  },
];

// Lexical and the selects in jsdom are slow on a 2-core runner: allow more than jest's default 5 s per test.
jest.setTimeout(30_000);

describe('./lead-detail-page', () => {
  // Load the lazily imported editor once, up front, rather than inside the test.
  beforeAll(() => loadEditor());

  it('composes the lead, its comment timeline and its history, naming the ids the history stores', async () => {
    mockFetch({
      'GET /api/leads/7': { body: { data: lead } },
      'GET /api/lead-status': { body: { data: [{ id: 1, name: 'Новый', color: '#00CFE8', position: 1 }] } },
      'GET /api/users': {
        body: { data: [{ id: 2, first_name: 'Анна', name: 'Анна Смирнова', email: 'a@example.com', role: 'Manager', avatar: null, active: true }] },
      },
      'GET /api/comment-steps': { body: { data: [{ id: 11, name: 'Первый звонок', position: 1, color: '#A8AAAE', archived: false }] } },
      'GET /api/leads/7/comments': { body: { data: [comment] } },
      'GET /api/leads/7/history': { body: { data: history } },
    });
    renderRoutes([{ path: '/leads/:id', element: <LeadDetailRoute /> }], '/leads/7');

    expect(await screen.findByRole('heading', { name: 'Иванов Иван' })).toBeInTheDocument();
    const step = await screen.findByRole('region', { name: 'Первый звонок' });
    expect(await within(step).findByText('Клиент заинтересован')).toBeInTheDocument();
    expect(await screen.findByText('Ответственные: Анна Смирнова → Олег Кузнецов')).toBeInTheDocument();
    expect(screen.getByText('Статус: Новый → В работе')).toBeInTheDocument();
  });

  it('Объединить finds the other lead by search, merges it into this one and tells the merge in the history', async () => {
    const twin: LeadDetail = { ...lead, id: 9, surname: 'Иванов', firstname: 'Иван', patronymic: 'Ильич', version: 1, creator: null, updated_by: null };
    const merged: LeadHistoryEntry = {
      id: 3,
      action: 'merged',
      user: { id: 1, first_name: 'Админ', name: 'Админ Системы' },
      changes: { patronymic: { from: '', to: 'Ильич' }, merged_lead: { from: { id: 9, name: 'Иванов Иван', phone: lead.phone }, to: null } },
      created_at: '2025-03-17T09:30:00.000Z',
    };
    let done = false;
    mockFetch({
      'GET /api/leads/7': () => ({ body: { data: done ? { ...lead, patronymic: 'Ильич', version: 3 } : lead } }),
      'GET /api/leads/9': { body: { data: twin } },
      'GET /api/leads': { body: { data: [lead, twin], meta: { current_page: 1, per_page: 10, total: 2, last_page: 1 } } },
      'POST /api/leads/merge': () => ((done = true), { body: { data: { ...lead, patronymic: 'Ильич', version: 3 } } }),
      'GET /api/lead-status': { body: { data: [] } },
      'GET /api/users': { body: { data: [] } },
      'GET /api/comment-steps': { body: { data: [] } },
      'GET /api/leads/7/comments': { body: { data: [] } },
      'GET /api/leads/7/history': () => ({ body: { data: done ? [merged] : [] } }),
    });
    renderRoutes([{ path: '/leads/:id', element: <LeadDetailRoute /> }], '/leads/7');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Объединить' }));
    await user.type(await screen.findByLabelText('Поиск лида'), 'Иванов');
    // The lead itself is not offered.
    const twinButton = await screen.findByRole('button', { name: /Иванов Иван Ильич · .* \(#9\)/ });
    expect(screen.queryByRole('button', { name: /\(#7\)$/ })).not.toBeInTheDocument();
    await user.click(twinButton);
    const dialog = await screen.findByRole('dialog', { name: 'Объединение лидов' });
    await user.click(await within(dialog).findByRole('button', { name: 'Объединить' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Объединить' }));
    expect(await screen.findByText('Лиды объединены')).toBeInTheDocument();
    expect(await screen.findByText('Объединён с другим лидом')).toBeInTheDocument();
    expect(screen.getByText('Объединён с: Иванов Иван (#9)')).toBeInTheDocument();
    expect(screen.getByText('Отчество: — → Ильич')).toBeInTheDocument();
  });
});
