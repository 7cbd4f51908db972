import { screen, within } from '@testing-library/react';
import { renderRoutes } from '@crm/shared/testing';
import type { LeadDetail, LeadListItem, LeadStatus } from '@crm/shared/schemas';
import { LeadDetailCard } from '../features/lead/components/lead-detail-card';
import { KanbanCard } from '../features/leads-kanban/components/kanban-card';
import { LeadsTable } from '../features/leads/components/leads-table';

// In a right-to-left shell a phone, a date or an email among Russian text is reordered by the bidi algorithm
// ("22 02 117 930 7+") unless it sits in its own left-to-right run: each is rendered inside dir="ltr".

const statuses: LeadStatus[] = [{ id: 1, name: 'Новый', color: '#00CFE8', position: 1 }];
const lead: LeadListItem = {
  id: 7,
  surname: 'Иванов',
  firstname: 'Артём',
  patronymic: '',
  phone: '+7 930 117 02 22',
  status_id: 1,
  additional_info: '',
  users: [2],
  created_by: 1,
  created_at: '2026-03-15T12:00:00.000Z',
  updated_at: '2026-03-15T12:00:00.000Z',
  version: 1,
  status: { id: 1, name: 'Новый', color: '#00CFE8' },
  responsible: [{ id: 2, first_name: 'Анна', name: 'Анна Смирнова' }],
  is_favorite: false,
};

/** The element whose text is exactly `text`, and the direction it is isolated in (the closest dir attribute). */
function isolatedDirection(container: HTMLElement, text: string | RegExp): string | null {
  const element = within(container).getByText(text);
  return element.closest('[dir]')?.getAttribute('dir') ?? null;
}

const noop = () => undefined;

test('the leads table isolates phone and creation date left to right', () => {
  renderRoutes(
    [
      {
        path: '/',
        element: (
          <LeadsTable
            rows={[lead]}
            loading={false}
            paging={{ page: 1, perPage: 10, total: 1, totalKind: 'exact', lastPage: 1, sort: null, onPageChange: noop, onPerPageChange: noop, onSortChange: noop }}
            statuses={statuses}
            onStatusChange={noop}
            onToggleFavorite={noop}
            onDelete={noop}
          />
        ),
      },
    ],
    '/',
  );
  const row = screen.getByText('Иванов Артём').closest('tr')!;
  expect(isolatedDirection(row, '+7 930 117 02 22')).toBe('ltr');
  const created = within(row).getAllByRole('cell')[5]!;
  expect(created.textContent).toMatch(/2026/);
  expect(created.querySelector('[dir="ltr"]')?.textContent).toBe(created.textContent);
});

test('the lead card isolates the phone link and the created and changed stamps', () => {
  const detail: LeadDetail = { ...lead, creator: { id: 1, first_name: 'Иван', name: 'Иван Петров' }, updated_by: null };
  renderRoutes([{ path: '/', element: <LeadDetailCard lead={detail} /> }], '/');
  const phone = screen.getByRole('link', { name: '+7 930 117 02 22' });
  expect(phone.closest('[dir]')?.getAttribute('dir')).toBe('ltr');
  const stamp = screen.getByText(/Иван Петров ·/).closest('dd')!;
  expect(stamp.querySelector('[dir="ltr"]')?.textContent).toMatch(/2026/);
});

test('the kanban card isolates the phone', () => {
  renderRoutes(
    [
      {
        path: '/',
        element: (
          <KanbanCard
            lead={lead}
            canMove={false}
            statuses={statuses}
            onMove={noop}
            onToggleFavorite={noop}
            onDragStart={noop}
            onDragEnd={noop}
          />
        ),
      },
    ],
    '/',
  );
  expect(isolatedDirection(screen.getByRole('article'), '+7 930 117 02 22')).toBe('ltr');
});
