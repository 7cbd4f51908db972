import { render, screen } from '@testing-library/react';
import type { LeadDetail } from '@crm/shared/schemas';
import { LeadDetailCard } from './lead-detail-card';

const neverEdited: LeadDetail = {
  id: 7,
  surname: 'Иванов',
  firstname: 'Иван',
  patronymic: null,
  phone: '+7 900 123-45-67',
  status_id: null,
  additional_info: null,
  users: [],
  created_by: 1,
  created_at: '2025-03-15T12:00:00.000Z',
  updated_at: '2025-03-15T12:00:00.000Z',
  version: 1,
  status: null,
  responsible: [],
  is_favorite: false,
  creator: { id: 1, first_name: 'Админ', name: 'Админ Системы' },
  updated_by: null,
} as unknown as LeadDetail;

it('a lead nobody has edited says who created it and shows no empty "Изменён — ·" line', () => {
  render(<LeadDetailCard lead={neverEdited} />);
  expect(screen.getByText('Создан')).toBeInTheDocument();
  // The date is isolated left to right in its own element: the line reads as one text.
  expect(screen.getByText('Создан').nextElementSibling).toHaveTextContent(/^Админ Системы · \d/);
  expect(screen.queryByText('Изменён')).not.toBeInTheDocument();
  expect(screen.queryByText(/^— · /)).not.toBeInTheDocument();
});
